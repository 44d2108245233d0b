import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { ReplyBody } from "@/lib/conversations/reply-schemas";
import { db } from "@/lib/db";
import { type SendResult, sendMessage } from "@/lib/messages/send-message";
import { sendTemplate } from "@/lib/messages/send-template";
import { validateSendMessage } from "@/lib/messages/validation/validate-send-message";

/** The variable names of a NAMED body text ({{first_name}}), each once, in order of appearance. */
function namedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g)].map((m) => m[1] ?? ""))];
}

/** The body component of a template send: positional parameters, or named ones for a NAMED template. */
async function bodyComponents(organizationId: string, templateId: string, values: string[]) {
  if (values.length === 0) return undefined;
  const template = await db().template.findFirst({
    where: { id: templateId, organizationId, active: true },
    include: {
      translations: { where: { active: true, status: "APPROVED" }, orderBy: { language: "asc" } },
    },
  });
  // the same translation sendTemplate picks (an English one first)
  const translation =
    template?.translations.find((t) => t.language.startsWith("en")) ?? template?.translations[0];
  const components = Array.isArray(translation?.components) ? translation.components : [];
  const body = components.find(
    (c): c is { type: string; text?: string } =>
      typeof c === "object" && c !== null && "type" in c && c.type === "BODY",
  );
  const names = translation?.parameterFormat === "NAMED" ? namedVariables(body?.text ?? "") : [];
  const parameters = values.map((text, i) => {
    const name = names[i];
    return name ? { type: "text", text, parameter_name: name } : { type: "text", text };
  });
  return [{ type: "body", parameters }];
}

/**
 * A staff member answers a conversation through the /v1 send path (same checks, same errors):
 * to the contact's phone, or its business-scoped user id when it has none, on the
 * conversation's channel. Another organization's conversation is 404 and nothing is sent.
 */
export async function replyToConversation(
  organizationId: string,
  conversationId: string,
  reply: ReplyBody,
): Promise<SendResult> {
  const conversation = await db().conversation.findFirst({
    where: { id: conversationId, organizationId },
    include: { contact: { select: { phone: true, bsuid: true } } },
  });
  if (!conversation) throw new ApiError("RESOURCE_NOT_FOUND", "No such conversation.", { field: "id" });
  const { phone, bsuid } = conversation.contact;
  const address = phone ? { to: phone } : bsuid ? { recipient: bsuid } : null;
  if (!address) {
    throw new ApiError(
      "VALIDATION_INVALID_FIELD",
      "This contact has no phone number or user id to reply to.",
      {
        field: "id",
      },
    );
  }
  const channelId = conversation.channelId ?? undefined;
  if (reply.type === "text") {
    const input = validateSendMessage({
      ...address,
      type: "text",
      text: { body: reply.text },
      channel_id: channelId,
    });
    return sendMessage(organizationId, input);
  }
  const components = await bodyComponents(organizationId, reply.template_id, reply.parameters);
  return sendTemplate(organizationId, reply.template_id, {
    ...address,
    channel_id: channelId,
    ...(components ? { components } : {}),
  });
}
