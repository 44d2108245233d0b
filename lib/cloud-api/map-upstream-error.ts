import { ApiError } from "@/lib/api/errors";
import type { UpstreamFailure } from "@/lib/cloud-api/graph-error";
import { UPSTREAM_ERROR_GUIDE } from "@/lib/cloud-api/upstream-error-guide";

const TEMPLATE_132001_CAUSES = [
  "the language.code differs from the one the template was created with",
  "the message was sent from another channel (phone number) than the template's",
  "the template no longer exists upstream",
];

/**
 * Maps an upstream failure of a send to the contract's catalog. The upstream's error object is
 * always passed on unchanged in `details.error`; codes of the guide (upstream-error-guide.ts)
 * get a human message and a `details.hint` saying what to do.
 */
export function mapUpstreamFailure(failure: UpstreamFailure, messageId: string): ApiError {
  if (failure.kind !== "rejected") {
    if (failure.maybeSent) {
      return new ApiError(
        "SERVER_SERVICE_UNAVAILABLE",
        "The upstream did not answer in time; the message may still be sent. Watch for message.sent or message.failed.",
        { messageId },
      );
    }
    // nothing came back from the upstream to pass on: a neutral text, the network detail stays in logs
    return new ApiError(
      "WHATSAPP_SEND_FAILED",
      "The WhatsApp upstream could not be reached; nothing was sent.",
      {
        error: { message: "upstream unreachable" },
        messageId,
      },
    );
  }
  const { error } = failure;
  const guide = UPSTREAM_ERROR_GUIDE[error.code];
  switch (error.code) {
    case 131047:
      return new ApiError(
        "WHATSAPP_SESSION_CLOSED",
        "More than 24 hours have passed since the customer last wrote; send an approved template.",
        { error, hint: guide?.hint, messageId },
      );
    case 131053:
      return new ApiError(
        "WHATSAPP_MEDIA_UPLOAD_FAILED",
        "The upstream could not fetch the media link (not public, 404, timeout or too large).",
        { error, messageId },
      );
    case 132001:
      return new ApiError(
        "WHATSAPP_SEND_FAILED",
        `The template name and language were not found on this channel. Causes, most frequent first: ${TEMPLATE_132001_CAUSES.join("; ")}.`,
        { error, causes: TEMPLATE_132001_CAUSES, hint: guide?.hint, messageId },
      );
    default:
      if (guide)
        return new ApiError("WHATSAPP_SEND_FAILED", guide.message, { error, hint: guide.hint, messageId });
      return new ApiError(
        "WHATSAPP_SEND_FAILED",
        `The WhatsApp upstream rejected the message: ${error.message}`,
        {
          error,
          messageId,
        },
      );
  }
}
