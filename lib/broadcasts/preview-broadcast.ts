import "#server-only";
import { randomUUID } from "node:crypto";
import type { CreateBroadcastInput } from "@/lib/broadcasts/create-request";
import type { BroadcastPreviewJson } from "@/lib/broadcasts/dashboard-json";
import { renderComponents } from "@/lib/broadcasts/placeholders";
import { prepareBroadcast } from "@/lib/broadcasts/prepare-broadcast";
import { renderPreview } from "@/lib/broadcasts/render-preview";
import { countRecipientSkips, firstPendingRecipients } from "@/lib/broadcasts/repository/recipients";
import { TX_OPTIONS, writeBroadcast } from "@/lib/broadcasts/store-broadcast";
import { db } from "@/lib/db";

/** Carries the preview out of the transaction it rolls back. */
class Preview extends Error {
  constructor(readonly result: BroadcastPreviewJson) {
    super("preview");
  }
}

/**
 * What creating this broadcast would do, without doing it: the very writes of creation run in a
 * transaction that is rolled back once the counts per skip reason and the first two recipients'
 * messages are read. Nothing stays (no broadcast, no contact, no event).
 */
export async function previewBroadcast(
  organizationId: string,
  input: CreateBroadcastInput,
): Promise<BroadcastPreviewJson> {
  const now = new Date();
  const prepared = await prepareBroadcast(organizationId, input, now);
  const id = randomUUID();
  try {
    await db().$transaction(async (tx) => {
      const { total } = await writeBroadcast(tx, id, prepared, now);
      const reasons = await countRecipientSkips(organizationId, id, tx);
      const first = await firstPendingRecipients(organizationId, id, 2, tx);
      const skipped = reasons.reduce((n, r) => n + r.count, 0);
      throw new Preview({
        total,
        willReceive: total - skipped,
        skipped: reasons,
        samples: first.map((r) => ({
          to: r.phone,
          name: r.name,
          text: renderPreview(
            prepared.template.stored,
            renderComponents(prepared.template.components, prepared.template.keys, r.values ?? []),
          ),
        })),
      });
    }, TX_OPTIONS);
  } catch (error) {
    if (error instanceof Preview) return error.result;
    throw error;
  }
  throw new Error("the preview transaction committed");
}
