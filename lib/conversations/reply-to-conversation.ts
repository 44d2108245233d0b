import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { ReplyBody } from "@/lib/conversations/reply-schemas";
import { findConversationWithContact } from "@/lib/conversations/repository/conversations";
import { findReplyFlow, findReplyTemplate } from "@/lib/conversations/repository/reply";
import { takeOverAfterSend } from "@/lib/conversations/take-over-on-send";
import { type SendResult, sendMessage } from "@/lib/messages/send-message";
import { sendTemplate } from "@/lib/messages/send-template";
import { buildTemplateComponents } from "@/lib/messages/template-fields";
import { validateSendMessage } from "@/lib/messages/validation/validate-send-message";

/**
 * The components of a template reply, built from what the person typed against the chosen
 * language's translation (else the one sendTemplate picks: an approved English one first). Nothing is filled from the template's
 * examples: a value left out makes the send path refuse the send, naming the variable.
 */
async function templateComponents(organizationId: string, reply: Extract<ReplyBody, { type: "template" }>) {
  const template = await findReplyTemplate(organizationId, reply.template_id);
  const translation = reply.language
    ? template?.translations.find((t) => t.language === reply.language)
    : (template?.translations.find((t) => t.language.startsWith("en")) ?? template?.translations[0]);
  if (template && reply.language && !translation) {
    throw new ApiError(
      "VALIDATION_INVALID_FIELD",
      `The template has no approved ${reply.language} translation.`,
      {
        field: "language",
        hint: "choose one of the template's approved languages",
      },
    );
  }
  if (!translation) return undefined;
  const components = buildTemplateComponents(translation.components, translation.parameterFormat, {
    header: reply.header_parameters,
    headerLink: reply.header_link,
    body: reply.parameters,
    buttons: reply.button_parameters,
  });
  return components.length > 0 ? components : undefined;
}

/**
 * The interactive `flow` of a Flow reply, as /v1 takes it: the Flow must be the organization's,
 * of the conversation's channel and published (drafts are tested with the API's `mode: "draft"`,
 * not sent to customers from the thread). Its Meta id is sent, `navigate` to the chosen first
 * screen (else the Flow JSON's first); no flow_token, so the send path makes one
 * (lib/messages/flow-token.ts) and the answer is linked back to this message.
 */
async function flowReply(
  organizationId: string,
  channelId: string | null,
  reply: Extract<ReplyBody, { type: "flow" }>,
) {
  const flow = await findReplyFlow(organizationId, reply.flow_id);
  if (!flow || (channelId !== null && flow.channelId !== channelId)) {
    throw new ApiError("RESOURCE_NOT_FOUND", "No such Flow on this conversation's channel.", {
      field: "flow_id",
    });
  }
  if (flow.status !== "PUBLISHED") {
    throw new ApiError("RESOURCE_INVALID_STATE", "Only a published Flow can be sent to a customer.", {
      field: "flow_id",
      hint: "publish the Flow on the Flows page first",
    });
  }
  return {
    type: "interactive",
    interactive: {
      type: "flow",
      body: { text: reply.body },
      action: {
        name: "flow",
        parameters: {
          flow_message_version: "3",
          flow_id: flow.upstreamId,
          flow_cta: reply.cta,
          flow_action: "navigate",
          ...(reply.screen ? { flow_action_payload: { screen: reply.screen } } : {}),
        },
      },
    },
  };
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
  const conversation = await findConversationWithContact(organizationId, conversationId);
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
  // conversation routing: the person is told first (the thread's confirm) that WhatsApp will give
  // the conversation to us; a reply that was not confirmed so sends nothing
  const ownedElsewhere = conversation.owner === "other";
  if (ownedElsewhere && !reply.take_over) {
    throw new ApiError(
      "RESOURCE_INVALID_STATE",
      "Another responder (e.g. Meta Business Agent) answers this conversation: replying takes it over.",
      {
        field: "take_over",
        hint: "confirm taking the conversation over (take_over: true), or take it over first",
        owner: { owner: "other", app_id: conversation.ownerAppId },
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
    return sendMessage(organizationId, input, undefined, takeOverAfterSend(ownedElsewhere));
  }
  if (reply.type === "flow") {
    const input = await flowReply(organizationId, conversation.channelId, reply);
    return sendMessage(
      organizationId,
      validateSendMessage({ ...address, ...input, channel_id: channelId }),
      undefined,
      takeOverAfterSend(ownedElsewhere),
    );
  }
  const components = await templateComponents(organizationId, reply);
  return sendTemplate(
    organizationId,
    reply.template_id,
    {
      ...address,
      channel_id: channelId,
      ...(reply.language ? { language: reply.language } : {}),
      ...(components ? { components } : {}),
    },
    takeOverAfterSend(ownedElsewhere),
  );
}
