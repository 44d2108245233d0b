import "#server-only";
import { randomUUID } from "node:crypto";
import { renderComponents } from "@/lib/broadcasts/placeholders";
import {
  type ClaimOutcome,
  type DueRecipient,
  linkRecipientMessages,
  lockDueRecipients,
} from "@/lib/broadcasts/repository/sending";
import { findChannel } from "@/lib/channels/repository";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import type { Broadcast } from "@/lib/generated/prisma/client.ts";
import { toCloudBody } from "@/lib/messages/cloud-body";
import { findTemplateTranslation } from "@/lib/messages/find-template-translation";
import { withFlowToken } from "@/lib/messages/flow-token";
import type { SendMessageInput, TemplateComponentInput } from "@/lib/messages/message-schemas";
import { insertOutboundBatch, type OutboundMessage } from "@/lib/messages/repository/outbound";

/**
 * What every message of a batch shares: the stored template (its text is kept with each message),
 * the upstream endpoint, and whether the template is MARKETING now (as synced, not as at creation).
 */
type Shared = {
  render: OutboundMessage["render"];
  upstream: "marketing_messages" | null;
  marketing: boolean;
};

/**
 * The next recipients of a broadcast, at most `limit`, in send order, each given its message
 * in one transaction: their rows are locked (SKIP LOCKED: two drivers never take the same
 * recipient), messages are written through the send path's own statement
 * (insertOutboundBatch: contact, `queued`, and the contact's conversation found or opened by the
 * single send's rule, lib/messages/repository/outbound.ts), and each recipient is linked to its
 * message. A recipient put back by a refusal worth retrying keeps its message and is simply
 * due again. A contact deleted since creation, or one who stopped marketing messages since,
 * is skipped instead, as is one blocked since (`blocked`): opted out by the template's category as
 * it is now, so a template Meta made MARKETING since creation skips who said STOP. Each message keeps the text the
 * customer reads, rendered from the stored template as a single send's is, and a MARKETING
 * template on a channel that chose Meta's Marketing Messages API goes there, as a single
 * send does. Answers the message ids to send, in order.
 */
export async function claimBatch(broadcast: Broadcast, limit: number): Promise<string[]> {
  const { organizationId } = broadcast;
  const shared = await sharedOf(broadcast);
  const { messageIds, deliveryIds } = await db().$transaction(
    async (tx) => {
      const now = new Date();
      const rows = await lockDueRecipients(organizationId, broadcast.id, { limit, now }, tx);
      if (rows.length === 0) return { messageIds: [], deliveryIds: [] };
      const outcomes: ClaimOutcome[] = [];
      const fresh: (OutboundMessage & { now: Date; seq: number })[] = [];
      for (const row of rows) {
        if (row.message_id) {
          outcomes.push({ seq: row.seq, messageId: row.message_id, skip: null, phone: null });
          continue;
        }
        const skip = skipReason(shared, row);
        if (skip) outcomes.push({ seq: row.seq, messageId: null, skip, phone: null });
        else fresh.push({ ...messageFor(broadcast, row, shared), now, seq: row.seq });
      }
      const stored = fresh.length > 0 ? await insertOutboundBatch(organizationId, fresh, tx) : [];
      fresh.forEach((m, i) => {
        const ok = stored[i]?.inserted === true;
        outcomes.push({
          seq: m.seq,
          messageId: ok ? m.id : null,
          skip: ok ? null : stored[i]?.blocked ? "blocked" : "contact_deleted",
          phone: m.to,
        });
      });
      await linkRecipientMessages(organizationId, broadcast.id, outcomes, tx);
      return {
        messageIds: outcomes
          .filter((o) => o.messageId !== null && o.skip === null)
          .sort((a, b) => a.seq - b.seq)
          .map((o) => o.messageId as string),
        // conversation.opened of the recipients who had no open conversation
        deliveryIds: stored.flatMap((s) => s.deliveryIds),
      };
    },
    { timeout: 30_000 },
  );
  await enqueueDeliveries(deliveryIds);
  return messageIds;
}

function skipReason(shared: Shared, row: DueRecipient): string | null {
  if (!row.contact_id || (!row.phone && !row.bsuid)) return "contact_deleted";
  if (row.blocked) return "blocked";
  if (shared.marketing && row.marketing_opt_out) return "opted_out";
  return null;
}

async function sharedOf(broadcast: Broadcast): Promise<Shared> {
  const [translation, channel] = await Promise.all([
    findTemplateTranslation(
      broadcast.organizationId,
      broadcast.channelId,
      broadcast.templateName,
      broadcast.templateLanguage,
    ).catch(() => null), // gone since creation: the upstream's answer says so per message
    findChannel(broadcast.organizationId, broadcast.channelId),
  ]);
  const marketing = (translation?.category ?? broadcast.templateCategory).toUpperCase() === "MARKETING";
  return {
    render: translation
      ? {
          stored: translation.components,
          parameterFormat: translation.parameterFormat === "NAMED" ? "NAMED" : "POSITIONAL",
          components: [],
        }
      : null,
    upstream: channel?.marketingMessagesApi && marketing ? "marketing_messages" : null,
    marketing,
  };
}

/** The recipient's message, as a template send of the same components with its values filled. */
function messageFor(broadcast: Broadcast, row: DueRecipient, shared: Shared): OutboundMessage {
  const id = randomUUID();
  const components = renderComponents(
    broadcast.components as TemplateComponentInput[],
    broadcast.placeholders,
    row.values ?? [],
  );
  const given: SendMessageInput = {
    ...(row.phone ? { to: row.phone } : { recipient: row.bsuid ?? undefined }),
    type: "template",
    channel_id: broadcast.channelId,
    template: {
      name: broadcast.templateName,
      language: { code: broadcast.templateLanguage },
      ...(components.length > 0 ? { components } : {}),
    },
  };
  // a template with a FLOW button: each recipient's message its own token (lib/messages/flow-token.ts)
  const stored = shared.render ? (shared.render.stored as { type?: unknown }[]) : null;
  const { input: request, flowToken } = withFlowToken(given, stored, true);
  const sent = request.type === "template" ? (request.template.components ?? []) : components;
  return {
    id,
    channelId: broadcast.channelId,
    to: row.phone,
    recipient: row.phone ? null : row.bsuid,
    type: "template",
    content: {
      request,
      cloud: toCloudBody(request, { bizOpaqueCallbackData: id }),
      ...(shared.upstream ? { upstream: shared.upstream } : {}),
    },
    templateName: broadcast.templateName,
    templateLanguage: broadcast.templateLanguage,
    render: shared.render ? { ...shared.render, components: sent } : null,
    broadcastId: broadcast.id,
    flowToken,
  };
}
