/**
 * The Cloud API error codes our users meet most, each with what it means and what to do.
 * Used in the API's error answers (`details.hint`) and in `message.failed` events, since many
 * of these arrive later in a `failed` status notification rather than in the send's answer.
 */
export const UPSTREAM_ERROR_GUIDE: Record<number, { message: string; hint: string }> = {
  130429: {
    message: "The channel's message throughput was reached upstream (error 130429).",
    hint: "The service already retried with backoff and nothing was sent; retry later or lower the channel's messages per second.",
  },
  131056: {
    message: "Too many messages were sent to this customer in a short time (error 131056, pair rate limit).",
    hint: "The service already retried with backoff and nothing was sent; wait a few seconds before writing to this customer again.",
  },
  131057: {
    message:
      "The business account is in maintenance mode upstream (error 131057), e.g. while its throughput is upgraded.",
    hint: "Nothing was sent; retry in a few minutes.",
  },
  131049: {
    message:
      "The upstream did not deliver this marketing message, to maintain healthy ecosystem engagement (error 131049).",
    hint: "Do not retry at once: the customer received many marketing messages recently; try again later (days, not seconds) or write when the customer does.",
  },
  131026: {
    message: "The message could not be delivered to the customer (error 131026).",
    hint: "The number may not be on WhatsApp, may have an outdated app or may not have accepted the latest terms; check the number, do not retry unchanged.",
  },
  131047: {
    message: "More than 24 hours have passed since the customer last wrote; send an approved template.",
    hint: "Send an approved template (type template); free-form messages are allowed again once the customer writes.",
  },
  // decided here (the sandbox answers it): Meta refuses authentication templates to business-scoped user ids
  131062: {
    message:
      "Authentication templates cannot be sent to a customer known only by a business-scoped user id (error 131062).",
    hint: "Send the authentication template to the customer's phone number (to) instead; a business-scoped user id can receive every other template category.",
  },
  132001: {
    message: "The template name and language were not found on this channel (error 132001).",
    hint: "Use the language.code and channel_id shown for the template in GET /v1/whatsapp/templates, or send through POST /v1/whatsapp/templates/{templateId}/send with its id.",
  },
  // the meanings below: Meta's error code reference (Cloud API, "Error codes")
  131053: {
    message: "WhatsApp could not download the media the message links to (error 131053, media upload error).",
    hint: "Check that the link opens in a browser without signing in and answers a supported file (an image: JPEG or PNG, at most 5 MB), or upload the file and send its media id.",
  },
  131050: {
    message: "The customer stopped marketing messages from this business in WhatsApp (error 131050).",
    hint: "Do not send marketing templates to this customer; utility and service messages still reach them.",
  },
  132000: {
    message: "The number of values does not match the template's variables (error 132000).",
    hint: "Give exactly one value for each variable of the template (header and body), as listed in GET /v1/whatsapp/templates.",
  },
  132012: {
    message: "A value does not have the format the template's variable expects (error 132012).",
    hint: "Check each parameter's type (text, currency, date_time, image…) against the template in GET /v1/whatsapp/templates.",
  },
  132015: {
    message: "WhatsApp paused the template for low quality (error 132015).",
    hint: "Edit the template or use another one; a paused template is sent again once its quality recovers.",
  },
  132016: {
    message: "WhatsApp disabled the template (error 132016).",
    hint: "Create a new template; a disabled one cannot be sent again.",
  },
};

/** Rejections that provably sent nothing and clear by themselves: the worker retries them with backoff. */
export const RETRYABLE_UPSTREAM_CODES: ReadonlySet<number> = new Set([130429, 131056]);

export function upstreamHint(code: number | null | undefined): string | undefined {
  return code === null || code === undefined ? undefined : UPSTREAM_ERROR_GUIDE[code]?.hint;
}
