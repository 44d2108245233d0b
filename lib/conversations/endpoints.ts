import { z } from "zod";
import { declareEndpoints } from "@/lib/api/endpoint";
import { passTargets, threadControlResult } from "@/lib/conversations/thread-control-schemas";

const conversationParams = z.object({
  id: z.string().meta({ description: "Conversation id (`conversationId` of the events)" }),
});

const metadata = z.string().max(2000).optional().meta({
  description:
    "Free text WhatsApp hands to the responder that receives the thread (at most 2,000 characters)",
});

export const takeBody = z.object({ metadata });
export const releaseBody = z.object({});
export const passBody = z.object({
  target_role: z.enum(passTargets).default("ai_agent").meta({
    description:
      "Who receives the thread: `ai_agent` (Meta Business Agent, the default) or `escalation_partner` (the partner the business named). WhatsApp's pass names a role, never an app: routing does not expose other partners' identities.",
  }),
  metadata,
});

/** The three thread-control operations share their shape. */
const control = (verb: "take" | "release" | "pass", description: string) => ({
  method: "POST" as const,
  path: `/v1/whatsapp/conversations/{id}/${verb}` as const,
  tag: "Conversations" as const,
  scope: "whatsapp:send" as const,
  params: conversationParams,
  description,
  response: threadControlResult,
  status: 200 as const,
  errors: [
    "RESOURCE_NOT_FOUND" as const,
    "RESOURCE_INVALID_STATE" as const,
    "WHATSAPP_SESSION_CLOSED" as const,
    "WHATSAPP_CHANNEL_NOT_FOUND" as const,
    "WHATSAPP_SEND_FAILED" as const,
  ],
});

const COMMON =
  " WhatsApp decides (its Thread Control API): a refusal is 409 `RESOURCE_INVALID_STATE` (not permitted: routing not active on the number, not the escalation partner, not the owner, already the owner), 400 `WHATSAPP_SESSION_CLOSED` (the customer's 24-hour window is closed), other upstream errors 502 `WHATSAPP_SEND_FAILED`, each with WhatsApp's error in `details.error`. On success the conversation's owner changes (`conversation.owner_changed`).";

export const CONVERSATION_ENDPOINTS = declareEndpoints({
  takeConversation: {
    ...control(
      "take",
      `On a number WhatsApp routes between responders, takes the conversation from the other responder (e.g. Meta Business Agent): the customer's next messages reach this service. Only the number's escalation partner may take.${COMMON}`,
    ),
    summary: "Take over a conversation",
    body: takeBody,
  },
  releaseConversation: {
    ...control(
      "release",
      `Hands the conversation back: WhatsApp's entry-point routing decides who answers the customer's next message (a message that reaches this service makes it ours again, \`reason: "messages"\`). Until then its owner is \`other\` with no app named.${COMMON}`,
    ),
    summary: "Hand back a conversation",
    body: releaseBody,
  },
  passConversation: {
    ...control(
      "pass",
      `Passes the conversation to another responder by role: \`ai_agent\` (Meta Business Agent) or the \`escalation_partner\`.${COMMON}`,
    ),
    summary: "Pass a conversation to another responder",
    body: passBody,
  },
});
