import "#server-only";
import { noteUnprocessedField } from "@/lib/channels/repository";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { countUnprocessedField } from "@/lib/metrics/record";

/** The active channel of a phone number id, and the oldest of a WABA (found before an organization is known). */
export type ChannelLookups = {
  ofNumber: (phoneNumberId: string) => Promise<Channel | null>;
  ofWaba: (wabaId: string) => Promise<Channel | null>;
};

/** A change value above this (as JSON) is not kept as the channel's example; the raw row has it. */
const EXAMPLE_MAX_CHARS = 8_192;

/**
 * One change of a field the product does not process (lib/inbound/field-routes.ts), or of a
 * processed field whose value it cannot read. The stored notification (upstream_notifications)
 * already keeps it, pruned after 30 days like every other (lib/maintenance/prune.ts); here it is
 * also counted on /metrics by field and by whether a channel holds it, counted on its channel (channel_unprocessed_fields: count,
 * first and last seen, the latest value as an example) and recorded as `whatsapp.notification`
 * for webhooks that subscribed to it by name.
 *
 * Its channel: the active channel of the value's `metadata.phone_number_id` (the shape of the
 * number-level fields, webhooks reference), else of the entry's id, the WhatsApp Business
 * Account of the WABA-level fields (account_update, phone_number_quality_update, …). A WABA with
 * several active numbers: the oldest channel (our decision; no page says which number a
 * WABA-level change concerns). Both are found by the caller before an organization is known
 * (lib/inbound/process-notification.ts). A change for no known channel is counted on /metrics
 * and logged (with its WABA id, for the operator) only: no organization's channel or webhook ever
 * sees it, since no organization is known to hold it.
 * Answers the delivery ids to start once done.
 */
export async function recordUnprocessed(
  change: { notificationId: string; wabaId: string | undefined; field: string; value: unknown },
  channels: ChannelLookups,
): Promise<string[]> {
  const channel = await channelOf(change, channels);
  countUnprocessedField(change.field, channel ? "known" : "none");
  if (!channel) {
    logger.info(
      { notificationId: change.notificationId, field: change.field, wabaId: change.wabaId },
      "unprocessed notification field for no known channel: kept and counted only",
    );
    return [];
  }
  const field = change.field.slice(0, 100);
  const value = change.value === undefined ? null : change.value;
  const json = JSON.stringify(value);
  const example =
    json.length <= EXAMPLE_MAX_CHARS
      ? json
      : JSON.stringify({
          note: `a value of ${json.length} characters, kept in the stored notification only`,
        });
  const now = new Date();
  return db().$transaction(async (tx) => {
    const row = { field, at: now, example, notificationId: change.notificationId };
    await noteUnprocessedField(channel.organizationId, channel.id, row, tx);
    return recordEvent(tx, channel.organizationId, "whatsapp.notification", {
      channelId: channel.id,
      field: change.field,
      value,
      timestamp: now.toISOString(),
    });
  });
}

async function channelOf(
  change: { wabaId: string | undefined; value: unknown },
  channels: ChannelLookups,
): Promise<Channel | null> {
  const metadata =
    typeof change.value === "object" && change.value !== null && "metadata" in change.value
      ? change.value.metadata
      : undefined;
  const phoneNumberId =
    typeof metadata === "object" && metadata !== null && "phone_number_id" in metadata
      ? metadata.phone_number_id
      : undefined;
  if (typeof phoneNumberId === "string" && phoneNumberId) return channels.ofNumber(phoneNumberId);
  return change.wabaId ? channels.ofWaba(change.wabaId) : null;
}
