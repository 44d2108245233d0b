import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { checkBroadcastTemplate } from "@/lib/broadcasts/check-broadcast-template";
import type { CreateBroadcastInput } from "@/lib/broadcasts/create-request";
import { resolveInlineRecipients } from "@/lib/broadcasts/inline-recipients";
import { BROADCAST_LIMITS } from "@/lib/broadcasts/schemas";
import type { NewBroadcast } from "@/lib/broadcasts/store-broadcast";
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
  if (hint) {
    throw new ApiError("VALIDATION_INVALID_FIELD", `Invalid field scheduled_at: ${hint}.`, {
      field: "scheduled_at",
      hint,
    });
  }
  return at;
}

/**
 * Everything about a new broadcast that can be checked before anything is written: when it
 * starts, that it has an audience, the channel, template, placeholders and components
 * (checkBroadcastTemplate), and the inline numbers one by one. Shared by creating and by the
 * dashboard's preview.
 */
export async function prepareBroadcast(
  organizationId: string,
  input: CreateBroadcastInput,
  now: Date,
): Promise<NewBroadcast> {
  const scheduledAt = scheduleOf(input.scheduled_at, now);
  const audience = input.audience ?? {};
  if (!audience.tags?.length && !audience.contact_ids?.length && !input.recipients?.length) {
    throw new ApiError("VALIDATION_MISSING_FIELD", "Missing required field: audience.", {
      field: "audience",
      hint: "give audience.tags, audience.contact_ids and/or recipients",
    });
  }
  return {
    organizationId,
    name: input.name,
    template: await checkBroadcastTemplate(organizationId, input),
    scheduledAt,
    audience: {
      tags: audience.tags ?? [],
      excludeTags: audience.exclude_tags ?? [],
      contactIds: (audience.contact_ids ?? []).filter(isUuid),
      inline: resolveInlineRecipients(input.recipients ?? []),
    },
  };
}
