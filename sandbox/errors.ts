import { type GraphError, graphError, waError } from "@/sandbox/graph-error";

const INVALID_TOKEN = "Invalid OAuth access token - Cannot parse access token";

/** The Cloud API errors the sandbox answers, worded and coded as the real service does. */
export const errors = {
  missingToken: () =>
    graphError({ status: 400, code: 104, message: "An access token is required to request this resource." }),
  invalidToken: () =>
    graphError({
      status: 401,
      code: 190,
      message: INVALID_TOKEN,
      headers: { "www-authenticate": `OAuth "Facebook Platform" "invalid_token" "${INVALID_TOKEN}"` },
    }),
  unsupported: (method: string, id: string) =>
    graphError({
      status: 400,
      code: 100,
      subcode: 33,
      message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    }),
  unknownPath: (path: string) =>
    graphError({ status: 404, code: 2500, message: `Unknown path components: ${path}` }),
  required: (param: string) =>
    graphError({
      status: 400,
      code: 100,
      message: `(#100) The parameter ${param} is required.`,
      details: `The parameter ${param} is required.`,
    }),
  invalidParameter: (details: string) => waError(400, 100, "Invalid parameter", details),
  parameterValue: (details: string) => waError(400, 131009, "Parameter value is not valid", details),
  reengagement: () =>
    waError(
      400,
      131047,
      "Re-engagement message",
      "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    ),
  // decided here: Meta refuses authentication templates to business-scoped user ids; code and wording are ours
  authTemplateToUserId: () =>
    waError(
      400,
      131062,
      "Authentication templates cannot be sent to business-scoped user IDs",
      "Authentication templates cannot be sent to business-scoped user IDs; send them to the user's phone number.",
    ),
  // decided here: the code and wording of a send to a user the number blocked (block_users)
  blockedUser: () =>
    waError(
      400,
      131026,
      "Message Undeliverable",
      "The recipient is blocked by this business phone number; unblock them (DELETE /block_users) to message them.",
    ),
  // Meta's Marketing Messages API: only marketing templates, and only once its terms are accepted
  marketingNotTemplate: () => waError(400, 100, "Invalid parameter", "Message must be a template message."),
  marketingNotMarketing: () =>
    waError(
      400,
      131009,
      "Parameter value is not valid",
      "Only templates categorized as MARKETING can be sent with the Marketing Messages API.",
    ),
  marketingNotOnboarded: () =>
    graphError({
      status: 400,
      code: 131055,
      message: "(#200) You must accept the Marketing Messages API for WhatsApp terms to use the API.",
      details: "The phone number's business has not onboarded to the Marketing Messages API for WhatsApp.",
    }),
  marketingStopped: () =>
    waError(
      400,
      131050,
      "Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.",
      "The recipient stopped marketing messages from this business.",
    ),
  mediaUpload: (details: string) => waError(400, 131053, "Media upload error", details),
  paramCount: (details: string) =>
    waError(400, 132000, "Number of parameters does not match the expected number of params", details),
  templateMissing: (name: string, language: string) =>
    waError(
      404,
      132001,
      "Template name does not exist in the translation",
      `template name (${name}) does not exist in ${language}`,
    ),
  templateFormat: (details: string) =>
    waError(400, 132012, "Parameter format does not match format in the created template", details),
  templatePaused: (name: string) =>
    waError(400, 132015, "Template is paused", `Template ${name} is paused due to low quality.`),
  templateDisabled: (name: string) =>
    waError(400, 132016, "Template is disabled", `Template ${name} has been disabled.`),
  throughput: () => waError(400, 130429, "Rate limit hit", "Cloud API message throughput has been reached."),
  pairRateLimit: () =>
    waError(
      400,
      131056,
      "(Business Account, Consumer Account) pair rate limit hit",
      "Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.",
    ),
  unknown: () =>
    graphError({
      status: 500,
      code: 2,
      message: "An unexpected error has occurred. Please retry your request later.",
      transient: true,
    }),
} satisfies Record<string, (...args: never[]) => GraphError>;
