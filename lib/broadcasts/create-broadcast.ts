import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { checkBroadcastTemplate } from "@/lib/broadcasts/check-broadcast-template";
import type { CreateBroadcastInput } from "@/lib/broadcasts/create-request";
import { findBroadcast } from "@/lib/broadcasts/find-broadcast";
import { resolveInlineRecipients } from "@/lib/broadcasts/inline-recipients";
import { queueBroadcast } from "@/lib/broadcasts/queue-broadcast";
import { BROADCAST_LIMITS, type BroadcastJson } from "@/lib/broadcasts/schemas";
import { storeBroadcast } from "@/lib/broadcasts/store-broadcast";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { isUuid } from "@/lib/ids/uuid";

/** A scheduled_at this little in the past (clock skew, a slow client) starts at once. */
const PAST_GRACE_MS = 5_000;

function scheduleOf(raw: string | undefined, now: Date): Date | null {
  if (raw === undefined) return null;
  const at = new Date(raw);
  const latest = now.getTime() + BROADCAST_LIMITS.scheduleAheadDays * 86_400_000;
  const hint =
    at.getTime() < now.getTime() - PAST_GRACE_MS
      ? "scheduled_at is in the past; leave it out to start at once"
      : at.getTime() > latest
        ? `scheduled_at is at most ${BROADCAST_LIMITS.scheduleAheadDays} days ahead`
        : null;
  if (hint)
    throw new ApiError("VALIDATION_INVALID_FIELD", `Invalid field scheduled_at: ${hint}.`, {
      field: "scheduled_at",
      hint,
    });
  return at;
}

/**
 * POST /v1/whatsapp/broadcasts. Whatever concerns the whole broadcast is checked first and
 * answers the contract's codes with nothing stored; then the audience is resolved into
 * recipient rows (skips recorded with their reason) and the worker is asked to start it (or
 * to start at scheduled_at). Answers the stored broadcast with its counts.
 */
export async function createBroadcast(
  organizationId: string,
  input: CreateBroadcastInput,
): Promise<BroadcastJson> {
  const now = new Date();
  const scheduledAt = scheduleOf(input.scheduled_at, now);
  const audience = input.audience ?? {};
  if (!audience.tags?.length && !audience.contact_ids?.length && !input.recipients?.length) {
    throw new ApiError("VALIDATION_MISSING_FIELD", "Missing required field: audience.", {
      field: "audience",
      hint: "give audience.tags, audience.contact_ids and/or recipients",
    });
  }
  const template = await checkBroadcastTemplate(organizationId, input);
  const { id, deliveryIds } = await storeBroadcast(
    {
      organizationId,
      name: input.name,
      template,
      scheduledAt,
      audience: {
        tags: audience.tags ?? [],
        excludeTags: audience.exclude_tags ?? [],
        contactIds: (audience.contact_ids ?? []).filter(isUuid),
        inline: resolveInlineRecipients(input.recipients ?? []),
      },
    },
    now,
  );
  await enqueueDeliveries(deliveryIds);
  await queueBroadcast(id, scheduledAt);
  const broadcast = await findBroadcast(organizationId, id);
  if (!broadcast) throw new Error(`broadcast ${id} vanished after creation`);
  return broadcast;
}
