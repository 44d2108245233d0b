import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { isUuid } from "@/lib/ids/uuid";
import { findMessageWamid } from "@/lib/messages/repository/reads";

const FIELD = "reaction.message_id";

/**
 * The upstream id (wamid) a reaction points at. A UUID is a message of this organization only:
 * another organization's id is answered exactly like an unknown one. A `wamid.` passes as given.
 */
export async function resolveReactionTarget(organizationId: string, messageId: string): Promise<string> {
  if (messageId.startsWith("wamid.")) return messageId;
  if (!isUuid(messageId)) {
    throw new ApiError("VALIDATION_INVALID_FIELD", `${FIELD} must be a message id (UUID) or a wamid.`, {
      field: FIELD,
      hint: "the messageId of a message in this service, or its whatsappMessageId (wamid.…)",
    });
  }
  const message = await findMessageWamid(organizationId, messageId);
  if (!message) {
    throw new ApiError("RESOURCE_NOT_FOUND", "No message with this id.", { field: FIELD });
  }
  if (!message.whatsappMessageId) {
    throw new ApiError("VALIDATION_INVALID_FIELD", "The message has no upstream id yet (not sent).", {
      field: FIELD,
      hint: "react to a message that was sent or received",
    });
  }
  return message.whatsappMessageId;
}
