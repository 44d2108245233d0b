import "#server-only";
import { db } from "@/lib/db";
import type { Media } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";
import { copyMedia } from "@/lib/media/copy-media";
import { mediaStorage } from "@/lib/media/storage";

export type StoredMedia =
  | { kind: "found"; media: Media; body: ReadableStream<Uint8Array> }
  | { kind: "not-found" }
  | { kind: "not-copied"; error: unknown };

/**
 * Our copy of a media file, for a link already verified by its signature: copied now when the worker
 * has not done it yet (it is behind, or its copy failed).
 */
export async function storedMedia(id: string): Promise<StoredMedia> {
  let media = isUuid(id) ? await db().media.findUnique({ where: { id } }) : null;
  if (!media) return { kind: "not-found" };
  try {
    if (!media.storedAt || !media.storageKey) media = await copyMedia(media.organizationId, id);
  } catch (error) {
    return { kind: "not-copied", error };
  }
  const body = media.storageKey ? await mediaStorage().get(media.storageKey) : null;
  return body ? { kind: "found", media, body } : { kind: "not-found" };
}
