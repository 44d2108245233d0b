import "#server-only";
import { randomUUID } from "node:crypto";
import { ApiError, UnderWayError } from "@/lib/api/errors";
import { routingInUse } from "@/lib/channels/read-routing-roles";
import { resolveSendChannel } from "@/lib/channels/resolve-channel";
import type { UpstreamFailure } from "@/lib/cloud-api/graph-error";
import { mapUpstreamFailure } from "@/lib/cloud-api/map-upstream-error";
import { checkMarketingAllowed } from "@/lib/contacts/check-marketing-allowed";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { toCloudBody } from "@/lib/messages/cloud-body";
import { enqueueSend, enqueueSendAndWait, SendNotQueuedError } from "@/lib/messages/enqueue-send-and-wait";
import { findTemplateTranslation } from "@/lib/messages/find-template-translation";
import { flowTokenField, withFlowToken } from "@/lib/messages/flow-token";
import type { SendMessageInput } from "@/lib/messages/message-schemas";
import type { OutboundMessage } from "@/lib/messages/repository/outbound";
import { isFlowTokenTaken } from "@/lib/messages/repository/send";
import { resolveReactionTarget } from "@/lib/messages/resolve-reaction";
import { storeOutboundMessage } from "@/lib/messages/store-outbound-message";
import { failUnqueuedSend } from "@/lib/messages/transitions/fail-unqueued-send";
import {
  type StoredTemplateStructure,
  validateTemplateComponents,
} from "@/lib/messages/validation/template-components";

/** The send took a conversation from another responder (conversation routing, lib/conversations/take-over-on-send.ts). */
export type Takeover = { conversationId: string; previousOwner: { owner: "other"; appId: string | null } };

/** Runs once the upstream accepted the message: what it answers joins the Send result. */
export type AfterSend = (sent: {
  organizationId: string;
  channel: Channel;
  messageId: string;
}) => Promise<{ takeover: Takeover } | null>;

export type SendResult = {
  messageId: string;
  whatsappMessageId: string;
  status: "sent";
  /** null when the customer was addressed by `recipient` */
  to: string | null;
  /** the business-scoped user id sent to; absent for a send by phone number (the v1 shape is additive) */
  recipient?: string;
  template?: string;
  timestamp: string;
  /** the send took the conversation from another responder (conversation routing); absent otherwise */
  takeover?: Takeover;
};

/** A send answered before the worker took it (`Prefer: respond-async`, docs/api.md). */
export type QueuedSend = {
  messageId: string;
  status: "queued";
  to: string | null;
  recipient?: string;
  template?: string;
  timestamp: string;
};

/**
 * design.md's send flow: channel, template checks, the 24-hour window, the Message stored
 * `queued`, then the worker's upstream call awaited. Everything the service can check is
 * checked before anything is stored or sent.
 */
export async function sendMessage(
  organizationId: string,
  input: SendMessageInput,
  /** where template components sit in the caller's request (the template send endpoint: `components`) */
  componentsField?: string,
  /** lib/conversations/take-over-on-send.ts, given by the callers (lib/messages does not know conversations) */
  afterSend?: AfterSend,
): Promise<SendResult>;
/**
 * With `respondAsync` (the caller's `Prefer: respond-async`): everything checked and the message
 * stored as for any send, then answered `queued` as soon as its job is in the queue, without
 * waiting for the worker's outcome (no outcome channel, no pub/sub message). Not on a number whose
 * conversations are routed between responders (routingInUse): taking the conversation over
 * (afterSend) needs the upstream's acceptance, so that send waits as usual and says so (the
 * preference is not applied).
 */
export async function sendMessage(
  organizationId: string,
  input: SendMessageInput,
  componentsField: string | undefined,
  afterSend: AfterSend | undefined,
  options: { respondAsync: boolean },
): Promise<SendResult | QueuedSend>;
export async function sendMessage(
  organizationId: string,
  input: SendMessageInput,
  componentsField = "template.components",
  afterSend?: AfterSend,
  options: { respondAsync: boolean } = { respondAsync: false },
): Promise<SendResult | QueuedSend> {
  const channel = await resolveSendChannel(organizationId, input.channel_id);
  let checked = input;
  let render: OutboundMessage["render"] = null;
  let upstream: "marketing_messages" | null = null;
  if (checked.type === "template") {
    const { name, language } = checked.template;
    const translation = await findTemplateTranslation(organizationId, channel.id, name, language.code);
    if (translation) {
      const stored: StoredTemplateStructure = {
        components: translation.components as StoredTemplateStructure["components"],
        parameterFormat: translation.parameterFormat === "NAMED" ? "NAMED" : "POSITIONAL",
      };
      const components = validateTemplateComponents(checked.template.components ?? [], stored, {
        field: componentsField,
      });
      checked = { ...checked, template: { ...checked.template, components } };
      render = { stored: stored.components, parameterFormat: stored.parameterFormat, components };
      // owners and admins choose it per channel; only MARKETING templates may use it
      if (channel.marketingMessagesApi && translation.category === "MARKETING")
        upstream = "marketing_messages";
      if (translation.category.toUpperCase() === "MARKETING") {
        await checkMarketingAllowed(organizationId, {
          phone: checked.to ?? null,
          bsuid: checked.recipient ?? null,
        });
      }
    }
  }

  if (checked.type === "reaction") {
    const target = await resolveReactionTarget(organizationId, checked.reaction.message_id);
    checked = { ...checked, reaction: { ...checked.reaction, message_id: target } };
  }

  // a Flow message (interactive flow, or a template with a FLOW button) keeps its token
  const flow = withFlowToken(checked, render ? (render.stored as { type?: unknown }[]) : null);
  // a token the caller gave that a message of the organization already has (tokens are unique per
  // organization, so that an answer finds one message). Two concurrent sends naming the same new
  // token both pass here and are both stored (the index is not unique: a refusal there would fail
  // the whole group-committed write batch); an answer then links the latest of them.
  if (flow.flowToken && (await isFlowTokenTaken(organizationId, flow.flowToken))) {
    const field = flowTokenField(checked, componentsField);
    throw new ApiError("VALIDATION_INVALID_FIELD", `${field}: this flow_token is already used.`, {
      field,
      hint: "a flow token names one Flow message of the organization: give a new one, or none (the service makes one)",
    });
  }
  checked = flow.input;
  const messageId = randomUUID();
  const template = checked.type === "template" ? checked.template : null;
  await storeOutboundMessage(organizationId, {
    id: messageId,
    channelId: channel.id,
    to: checked.to ?? null,
    recipient: checked.recipient ?? null,
    type: checked.type,
    content: {
      request: checked,
      cloud: toCloudBody(checked, { bizOpaqueCallbackData: messageId }),
      ...(upstream ? { upstream } : {}),
    },
    templateName: template?.name ?? null,
    templateLanguage: template?.language.code ?? null,
    render: render && template ? { ...render, components: template.components ?? [] } : render,
    flowToken: flow.flowToken,
  });

  const notQueued = async (error: unknown): Promise<null> => {
    if (!(error instanceof SendNotQueuedError)) throw error;
    if (await failUnqueuedSend(organizationId, messageId)) {
      throw new ApiError(
        "SERVER_SERVICE_UNAVAILABLE",
        "The service is temporarily unavailable; nothing was sent. Retry the request.",
        { messageId },
        { "Retry-After": "5" },
      );
    }
    return null; // a worker claimed it meanwhile: it is on its way
  };
  if (options.respondAsync && !routingInUse(channel)) {
    await enqueueSend(organizationId, messageId, channel.id).catch(notQueued);
    return {
      messageId,
      status: "queued",
      to: checked.to ?? null,
      ...(checked.recipient === undefined ? {} : { recipient: checked.recipient }),
      ...(checked.type === "template" ? { template: checked.template.name } : {}),
      timestamp: new Date().toISOString(),
    };
  }
  const outcome = await enqueueSendAndWait(organizationId, messageId, channel.id).catch(notQueued);
  if (!outcome || outcome.status === "unknown") {
    throw new UnderWayError(
      "SERVER_SERVICE_UNAVAILABLE",
      "The send is taking longer than expected; it will complete. Watch for message.sent or message.failed.",
      { messageId },
      { "Retry-After": "5" },
    );
  }
  if (outcome.status === "failed") throw mapUpstreamFailure(outcome.failure as UpstreamFailure, messageId);
  const after = afterSend ? await afterSend({ organizationId, channel, messageId }) : null;
  return {
    messageId,
    whatsappMessageId: outcome.whatsappMessageId,
    status: "sent",
    to: checked.to ?? null,
    ...(checked.recipient === undefined ? {} : { recipient: checked.recipient }),
    ...(checked.type === "template" ? { template: checked.template.name } : {}),
    timestamp: outcome.sentAt,
    ...(outcome.pacing ? { pacing: outcome.pacing } : {}),
    ...(after ?? {}),
  };
}
