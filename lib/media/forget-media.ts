import "#server-only";
import type { Tx } from "@/lib/events/record-event";
import { deleteMessageMedia } from "@/lib/media/repository";
import { mediaStorage } from "@/lib/media/storage";

/**
 * A message deleted for everyone keeps no media: its row goes (GET /v1/media/{id} and every
 * signed link answer 404; a copy not made yet is never made) and so does our stored file. The
 * file is removed inside the caller's transaction, before it commits: when storage fails, the
 * whole revoke rolls back and is retried, so no row is left pointing nowhere and no file is left
 * with no row. The key is the one copy-media writes, so a file being written right now is found
 * too (copy-media removes its own file when the row is gone).
 */
export async function forgetMedia(tx: Tx, organizationId: string, messageId: string): Promise<void> {
  const stored = await deleteMessageMedia(organizationId, messageId, tx);
  if (!stored) return;
  const keys = new Set([`${organizationId}/${messageId}`, ...stored.flatMap((k) => (k ? [k] : []))]);
  for (const key of keys) await mediaStorage().delete(key);
}
