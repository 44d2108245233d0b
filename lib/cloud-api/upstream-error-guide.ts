/**
 * One guide to WhatsApp's error codes (and our own failure codes), read wherever a failure is
 * shown or answered:
 * - for people (the dashboard: a thread's failed message, the Overview's failures by cause, a
 *   broadcast's failures and paused notice): `title`, `meaning` and `next`, in words a business
 *   uses — `explainFailure()`;
 * - for developers (the API's error answers `message` + `details.hint`, and `message.failed`
 *   events, since many of these arrive later in a `failed` status notification): `api`, for the
 *   codes met most — `UPSTREAM_ERROR_GUIDE`.
 *
 * Meanings: Meta's "WhatsApp error codes" reference (Cloud API), https://developers.facebook.com/
 * documentation/business-messaging/whatsapp/support/error-codes/ (updated Jun 18, 2026). 470 is the
 * On-Premises API's code for the closed 24-hour window (Cloud API: 131047), still met in old
 * integrations' data. The "what to do next" sentences are ours. Client-safe: plain data.
 */
export type ErrorGuideEntry = {
  /** Meta's short title of the code */
  title: string;
  /** what happened, in a business's words */
  meaning: string;
  /** what a person does next */
  next: string;
  /** the API's words for developers (error.message, details.hint) */
  api?: { message: string; hint: string };
};

const CHANNELS = "An owner or admin gives the number a new access token on the Channels page.";
const LATER = "Nothing was sent. Try again in a few minutes.";
const DEVELOPER =
  "Nothing was sent. The message was built in a way WhatsApp does not accept: give this error code to whoever set up the integration.";

export const ERROR_GUIDE: Readonly<Record<string, ErrorGuideEntry>> = {
  // access and the channel's token
  "0": {
    title: "Authentication failed",
    meaning: "WhatsApp did not accept the number's access token.",
    next: CHANNELS,
  },
  "3": {
    title: "Missing permission",
    meaning: "The number's access token lacks a permission WhatsApp needs to send.",
    next: CHANNELS,
  },
  "10": {
    title: "Permission denied",
    meaning: "The number's access token lacks a permission WhatsApp needs to send.",
    next: CHANNELS,
  },
  "190": {
    title: "Access token expired",
    meaning: "The number's access token has expired or was revoked, so nothing can be sent from it.",
    next: CHANNELS,
  },
  "131005": {
    title: "Access denied",
    meaning: "The number's access token lacks a permission WhatsApp needs to send.",
    next: CHANNELS,
  },
  // limits
  "4": {
    title: "Too many calls",
    meaning: "The number made too many requests to WhatsApp in a short time.",
    next: LATER,
  },
  "80007": {
    title: "Rate limit reached",
    meaning: "The WhatsApp Business Account made too many requests in a short time.",
    next: LATER,
  },
  "130429": {
    title: "Rate limit hit",
    meaning: "The number sent more messages per second than WhatsApp allows it.",
    next: "Nothing was sent. Try again later, or send broadcasts more slowly (the channel's messages per second).",
    api: {
      message: "The channel's message throughput was reached upstream (error 130429).",
      hint: "The service already retried with backoff and nothing was sent; retry later or lower the channel's messages per second.",
    },
  },
  "131048": {
    title: "Spam rate limit hit",
    meaning:
      "WhatsApp limits how many messages this number may send, because many of its earlier messages were blocked or reported as spam.",
    next: "Check the number's quality rating in WhatsApp Manager; send fewer, more expected messages until it recovers.",
  },
  "131056": {
    title: "Pair rate limit hit",
    meaning: "Too many messages were sent to this customer in a short time.",
    next: "Nothing was sent. Wait a few seconds before writing to this customer again.",
    api: {
      message:
        "Too many messages were sent to this customer in a short time (error 131056, pair rate limit).",
      hint: "The service already retried with backoff and nothing was sent; wait a few seconds before writing to this customer again.",
    },
  },
  // the business account
  "368": {
    title: "Temporarily blocked for policy violations",
    meaning: "WhatsApp restricted this business account for breaking one of its policies.",
    next: "Open WhatsApp Manager (Account quality) to see which policy and to request a review.",
  },
  "131031": {
    title: "Account has been locked",
    meaning:
      "WhatsApp locked this business account, for a policy violation or because its details could not be verified.",
    next: "Open WhatsApp Manager (Account quality) to see why and to request a review.",
  },
  "131042": {
    title: "Business eligibility payment issue",
    meaning:
      "WhatsApp could not charge the business account: its payment method is missing, invalid or over its limit.",
    next: "An owner fixes the payment method in Meta Business Suite (WhatsApp Manager, Payment settings), then sends again.",
  },
  "131057": {
    title: "Account in maintenance mode",
    meaning: "WhatsApp is updating the business account (for example, raising its message limits).",
    next: LATER,
    api: {
      message:
        "The business account is in maintenance mode upstream (error 131057), e.g. while its throughput is upgraded.",
      hint: "Nothing was sent; retry in a few minutes.",
    },
  },
  "133010": {
    title: "Phone number not registered",
    meaning: "The business phone number is not registered with WhatsApp, so it cannot send.",
    next: "An owner or admin registers the number again in WhatsApp Manager (or on the Channels page), then sends again.",
  },
  "133004": {
    title: "Server temporarily unavailable",
    meaning: "WhatsApp's servers were briefly unavailable.",
    next: LATER,
  },
  // the customer
  "131026": {
    title: "Message undeliverable",
    meaning:
      "WhatsApp could not deliver the message to this customer: the number may not be on WhatsApp, their app may be out of date, or they have not accepted WhatsApp's latest terms.",
    next: "Check the number with the customer (another way, such as a call or e-mail). Sending the same message again will fail again.",
    api: {
      message: "The message could not be delivered to the customer (error 131026).",
      hint: "The number may not be on WhatsApp, may have an outdated app or may not have accepted the latest terms; check the number, do not retry unchanged.",
    },
  },
  "131021": {
    title: "Recipient cannot be sender",
    meaning: "The message was addressed to the business's own WhatsApp number.",
    next: "Send it to the customer's number instead.",
  },
  "131047": {
    title: "More than 24 hours since the customer last wrote",
    meaning:
      "The customer last wrote more than 24 hours ago, so WhatsApp only lets the business send an approved template.",
    next: "Send an approved template instead (the reply box offers one); free text is possible again once the customer answers.",
    api: {
      message: "More than 24 hours have passed since the customer last wrote; send an approved template.",
      hint: "Send an approved template (type template); free-form messages are allowed again once the customer writes.",
    },
  },
  "470": {
    title: "More than 24 hours since the customer last wrote",
    meaning:
      "The customer last wrote more than 24 hours ago, so WhatsApp only lets the business send an approved template.",
    next: "Send an approved template instead; free text is possible again once the customer answers.",
  },
  "131049": {
    title: "Not delivered to keep engagement healthy",
    meaning:
      "WhatsApp chose not to deliver this marketing message: the customer has received many marketing messages recently.",
    next: "Do not send it again right away. Try again in a few days, or write when the customer writes to you.",
    api: {
      message:
        "The upstream did not deliver this marketing message, to maintain healthy ecosystem engagement (error 131049).",
      hint: "Do not retry at once: the customer received many marketing messages recently; try again later (days, not seconds) or write when the customer does.",
    },
  },
  "131050": {
    title: "Customer stopped marketing messages",
    meaning: "The customer turned off marketing messages from this business in WhatsApp.",
    next: "Do not send this customer marketing templates; service replies and utility templates still reach them.",
    api: {
      message: "The customer stopped marketing messages from this business in WhatsApp (error 131050).",
      hint: "Do not send marketing templates to this customer; utility and service messages still reach them.",
    },
  },
  "130472": {
    title: "Customer is part of an experiment",
    meaning:
      "WhatsApp did not deliver this marketing message because the customer is part of a Meta experiment.",
    next: "Nothing to fix: the customer will receive later marketing messages normally.",
  },
  "131062": {
    // decided here (the sandbox answers it): Meta refuses authentication templates to business-scoped user ids
    title: "Authentication template needs a phone number",
    meaning:
      "Verification-code templates can only be sent to a phone number, and this customer is known only by their WhatsApp user ID.",
    next: "Ask the customer for their phone number, or send another kind of template.",
    api: {
      message:
        "Authentication templates cannot be sent to a customer known only by a business-scoped user id (error 131062).",
      hint: "Send the authentication template to the customer's phone number (to) instead; a business-scoped user id can receive every other template category.",
    },
  },
  "139101": {
    title: "Blocklist limit reached",
    meaning: "The number has blocked as many customers as WhatsApp allows.",
    next: "Unblock customers who no longer need to be blocked, then try again.",
  },
  // the message itself
  "100": {
    title: "A value is not valid",
    meaning: "WhatsApp refused the message because one of its fields is not valid.",
    next: DEVELOPER,
  },
  "131008": {
    title: "Something required is missing",
    meaning: "WhatsApp refused the message because a required part of it is missing.",
    next: DEVELOPER,
  },
  "131009": {
    title: "A value is not accepted",
    meaning:
      "WhatsApp refused the message because one of its values is not valid (for example, a phone number or a link).",
    next: "Check the customer's number and any link or value in the message; if it persists, give this error code to whoever set up the integration.",
  },
  "131051": {
    title: "Unsupported message type",
    meaning: "WhatsApp does not support this kind of message.",
    next: "Send it as text, an image, a document or a template instead.",
  },
  "131052": {
    title: "Media download error",
    meaning: "WhatsApp could not download the file the customer sent.",
    next: "Ask the customer to send the file again.",
  },
  "131053": {
    title: "Media upload error",
    meaning:
      "WhatsApp could not download the file the message links to: the link may need a login, be broken, or point to a file type or size WhatsApp does not accept.",
    next: "Check that the link opens in a browser without signing in and is a supported file (an image: JPEG or PNG, at most 5 MB), then send again.",
    api: {
      message:
        "WhatsApp could not download the media the message links to (error 131053, media upload error).",
      hint: "Check that the link opens in a browser without signing in and answers a supported file (an image: JPEG or PNG, at most 5 MB), or upload the file and send its media id.",
    },
  },
  "131000": {
    title: "Something went wrong",
    meaning: "WhatsApp failed to send the message for an unknown reason on its side.",
    next: "Try again in a few minutes. If it keeps happening, check WhatsApp's status page (metastatus.com).",
  },
  "131016": {
    title: "Service unavailable",
    meaning: "WhatsApp was temporarily unavailable.",
    next: LATER,
  },
  // templates
  "132000": {
    title: "Template variables do not match",
    meaning: "The message gives a different number of values than the template has variables.",
    next: "Give one value for each variable of the template (header and body), then send again.",
    api: {
      message: "The number of values does not match the template's variables (error 132000).",
      hint: "Give exactly one value for each variable of the template (header and body), as listed in GET /v1/whatsapp/templates.",
    },
  },
  "132001": {
    title: "Template does not exist",
    meaning: "WhatsApp found no template with this name and language on this number.",
    next: "Choose the template again from the list (its language and number must match), or sync templates on the Channels page.",
    api: {
      message: "The template name and language were not found on this channel (error 132001).",
      hint: "Use the language.code and channel_id shown for the template in GET /v1/whatsapp/templates, or send through POST /v1/whatsapp/templates/{templateId}/send with its id.",
    },
  },
  "132005": {
    title: "Template text too long",
    meaning: "With its values filled in, the template's text is longer than WhatsApp allows.",
    next: "Use shorter values for the variables.",
  },
  "132007": {
    title: "Template format policy violated",
    meaning:
      "A value breaks WhatsApp's formatting rules for templates (for example, new lines or too many spaces).",
    next: "Remove line breaks, tabs and repeated spaces from the values, then send again.",
  },
  "132012": {
    title: "Template value has the wrong format",
    meaning:
      "A value does not have the format the template's variable expects (text, a date, an amount, an image…).",
    next: "Check each value against the template's variables, then send again.",
    api: {
      message: "A value does not have the format the template's variable expects (error 132012).",
      hint: "Check each parameter's type (text, currency, date_time, image…) against the template in GET /v1/whatsapp/templates.",
    },
  },
  "132015": {
    title: "Template is paused",
    meaning: "WhatsApp paused the template because customers rated it poorly.",
    next: "Edit the template or use another one; a paused template can be sent again once its quality recovers.",
    api: {
      message: "WhatsApp paused the template for low quality (error 132015).",
      hint: "Edit the template or use another one; a paused template is sent again once its quality recovers.",
    },
  },
  "132016": {
    title: "Template is disabled",
    meaning: "WhatsApp disabled the template for repeated low quality; it can no longer be sent.",
    next: "Create a new template and send that instead.",
    api: {
      message: "WhatsApp disabled the template (error 132016).",
      hint: "Create a new template; a disabled one cannot be sent again.",
    },
  },
  // our own failure codes (no WhatsApp code): how a send ended without WhatsApp's answer
  unreachable: {
    title: "WhatsApp could not be reached",
    meaning: "WhatsApp could not be reached, so nothing was sent.",
    next: "Try again once WhatsApp answers again (the Channels page says if the number works).",
  },
  timeout: {
    title: "No answer from WhatsApp",
    meaning: "WhatsApp did not answer in time; the message may or may not have been sent.",
    next: "Check with the customer before sending again, to avoid sending it twice.",
  },
  "bad-response": {
    title: "Unreadable answer from WhatsApp",
    meaning: "WhatsApp's answer could not be read; the message may or may not have been sent.",
    next: "Check with the customer before sending again, to avoid sending it twice.",
  },
  unconfirmed: {
    title: "Never confirmed by WhatsApp",
    meaning: "WhatsApp never confirmed the message within 10 minutes; it may not have been sent.",
    next: "Check with the customer before sending again, to avoid sending it twice.",
  },
  queue_unavailable: {
    title: "Not queued",
    meaning: "The service could not queue the message, so nothing was sent.",
    next: "Send it again.",
  },
};

/** The guide's words for developers, by WhatsApp code: the API's error answers and message.failed. */
export const UPSTREAM_ERROR_GUIDE: Readonly<Record<number, { message: string; hint: string }>> =
  Object.fromEntries(
    Object.entries(ERROR_GUIDE).flatMap(([code, e]) =>
      e.api && /^\d+$/.test(code) ? [[Number(code), e.api]] : [],
    ),
  );

/** Rejections that provably sent nothing and clear by themselves: the worker retries them with backoff. */
export const RETRYABLE_UPSTREAM_CODES: ReadonlySet<number> = new Set([130429, 131056]);

export function upstreamHint(code: number | null | undefined): string | undefined {
  return code === null || code === undefined ? undefined : UPSTREAM_ERROR_GUIDE[code]?.hint;
}

export type ExplainedFailure = {
  /** the code as stored ("131026", "unconfirmed"); null when none was given */
  code: string | null;
  title: string;
  meaning: string;
  /** null for a code the guide does not know */
  next: string | null;
  known: boolean;
};

/** "(#131026) Message undeliverable" → "Message undeliverable": WhatsApp's title without its code. */
function bareTitle(message: string): string {
  return message
    .replace(/^\(#\d+\)\s*/, "")
    .trim()
    .replace(/\.+$/, "");
}

/**
 * A failure as a person reads it: the guide's title, meaning and next step for a code it knows;
 * for another, WhatsApp's own words (`message`, as stored) and its code, said plainly.
 */
export function explainFailure(
  code: string | number | null | undefined,
  message?: string | null,
): ExplainedFailure {
  const key = code === null || code === undefined || code === "" ? null : String(code);
  const entry = key === null ? undefined : ERROR_GUIDE[key];
  if (entry) return { code: key, title: entry.title, meaning: entry.meaning, next: entry.next, known: true };
  const said = message ? bareTitle(message) : "";
  return {
    code: key,
    title: said || "Sending failed",
    meaning: said ? `WhatsApp refused the message: ${said}.` : "The message could not be sent.",
    next:
      key && /^\d+$/.test(key)
        ? `If it keeps happening, give WhatsApp error ${key} to whoever set up the integration.`
        : null,
    known: false,
  };
}
