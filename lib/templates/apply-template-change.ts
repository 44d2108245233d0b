import "#server-only";
import { z } from "zod";
import { listWabaChannels } from "@/lib/channels/repository";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { enqueue } from "@/lib/queues";
import { setTranslationCategory, updateTranslations } from "@/lib/templates/repository";

/** WABA-level notification fields about templates. */
export const TEMPLATE_FIELDS: ReadonlySet<string> = new Set([
  "message_template_status_update",
  "message_template_quality_update",
  "template_category_update",
]);

const which = {
  message_template_id: z.union([z.number(), z.string()]).optional(),
  message_template_name: z.string().optional(),
  message_template_language: z.string().optional(),
};

const statusUpdate = z
  .object({
    ...which,
    event: z.string().min(1),
    reason: z.string().nullish(),
    other_info: z
      .object({ title: z.string().optional(), description: z.string().optional() })
      .loose()
      .optional(),
    rejection_info: z
      .object({ reason: z.string().optional(), recommendation: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose();

const categoryUpdate = z.object({ ...which, new_category: z.string().min(1) }).loose();

type Which = {
  message_template_id?: string | number;
  message_template_name?: string;
  message_template_language?: string;
};

/** The translations a notification names: by upstream id, else by name and language, on these channels only. */
function translationsOf(channelIds: string[], value: Which): Prisma.TemplateTranslationWhereInput | null {
  const byId =
    value.message_template_id !== undefined ? [{ upstreamId: String(value.message_template_id) }] : [];
  const byName =
    value.message_template_name && value.message_template_language
      ? [{ language: value.message_template_language, template: { name: value.message_template_name } }]
      : [];
  if (byId.length + byName.length === 0) return null;
  return { template: { channelId: { in: channelIds } }, OR: [...byId, ...byName] };
}

function reasonOf(update: z.infer<typeof statusUpdate>): { reason: string | null; details: string | null } {
  const reason = update.reason && update.reason !== "NONE" ? update.reason : null;
  return {
    reason: reason ?? update.rejection_info?.reason ?? update.other_info?.title ?? null,
    details: update.other_info?.description ?? update.rejection_info?.recommendation ?? null,
  };
}

/** The data a status event writes: REINSTATED approves again, FLAGGED only warns (still sendable). */
function statusData(
  update: z.infer<typeof statusUpdate>,
  at: Date,
): Prisma.TemplateTranslationUpdateManyMutationInput {
  const event = update.event.toUpperCase();
  if (event === "APPROVED" || event === "REINSTATED") {
    return { status: "APPROVED", statusReason: null, statusDetails: null, statusChangedAt: at };
  }
  const { reason, details } = reasonOf(update);
  const why = { statusReason: reason ?? event, statusDetails: details, statusChangedAt: at };
  return event === "FLAGGED" ? why : { status: event, ...why };
}

/**
 * Applies a template notification at once, so the template list and the send checks reflect
 * it without waiting for the periodic sync, and records why a template was rejected or paused.
 * The full sync of the WABA's channels still follows: it brings what a notification does not
 * say (components, new languages). A WABA is active in one organization at most (migration
 * hardening_round_3): the receiver found it (lib/inbound/process-notification.ts) and names it
 * here. Its channels whose token the Graph API refused (tokenInvalidAt) no longer prove access to
 * the WABA and are left alone until a new token works.
 */
export async function applyTemplateChange(
  organizationId: string,
  wabaId: string,
  field: string,
  value: unknown,
): Promise<void> {
  const channels = await listWabaChannels(organizationId, wabaId);
  if (channels.length === 0) return;
  const channelIds = channels.map((c) => c.id);
  const at = new Date();
  if (field === "message_template_status_update") {
    const update = statusUpdate.safeParse(value);
    const where = update.success ? translationsOf(channelIds, update.data) : null;
    if (update.success && where) {
      await updateTranslations(organizationId, where, statusData(update.data, at));
    }
  } else if (field === "template_category_update") {
    const update = categoryUpdate.safeParse(value);
    const where = update.success ? translationsOf(channelIds, update.data) : null;
    if (update.success && where) {
      await setTranslationCategory(organizationId, where, update.data.new_category.toUpperCase());
    }
  }
  for (const id of channelIds) await enqueue("templates", { organizationId, channelId: id });
}
