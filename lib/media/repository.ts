import "#server-only";
import { db } from "@/lib/db";
import type { Media, Prisma } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

/**
 * The `media` table (docs/architecture.md "Repositories"): every function takes the organization
 * first and reads and writes only its rows. The one read by id alone is a signed link's
 * (lib/media/stored-media.ts, a listed exception: our signature over the id is what authorizes it).
 */

type Client = Prisma.TransactionClient;

/** One media row of the organization, or null (also for an id that is not a UUID). */
export async function findMedia(organizationId: string, id: string): Promise<Media | null> {
  if (!isUuid(id)) return null;
  return db().media.findFirst({ where: { id, organizationId } });
}

/** The row with the message's channel, which its copy is fetched through; throws when the organization has none by that id. */
export function getMediaToCopy(organizationId: string, id: string) {
  return db().media.findFirstOrThrow({
    where: { id, organizationId },
    include: { message: { include: { channel: true } } },
  });
}

/** Records the stored copy; null when the row is gone (its message deleted for everyone meanwhile). */
export async function markMediaStored(
  organizationId: string,
  id: string,
  copy: { storageKey: string; fileSize: number; sha256: string; mimeType: string },
): Promise<Media | null> {
  const [row] = await db().media.updateManyAndReturn({
    where: { id, organizationId },
    data: { ...copy, storedAt: new Date(), copyFailedAt: null },
  });
  return row ?? null;
}

/** The last try failed: the thread says "Could not be downloaded" until a later copy clears it. */
export async function markMediaCopyFailed(organizationId: string, id: string): Promise<void> {
  await db().media.updateMany({
    where: { id, organizationId, storedAt: null },
    data: { copyFailedAt: new Date() },
  });
}

/** Deletes a message's media row (its id is the message's) in the caller's transaction; answers the storage keys it had. */
export async function deleteMessageMedia(
  organizationId: string,
  messageId: string,
  client: Client,
): Promise<(string | null)[] | null> {
  const rows = await client.media.findMany({
    where: { id: messageId, organizationId },
    select: { storageKey: true },
  });
  if (rows.length === 0) return null;
  await client.media.deleteMany({ where: { id: messageId, organizationId } });
  return rows.map((r) => r.storageKey);
}

/** A message's media reference (its id is the message's), as the upstream named it. */
export type NewMedia = Omit<Prisma.MediaCreateManyInput, "organizationId">;

/** The media reference of a message just stored, in the caller's transaction (the copy follows in a job). */
export async function insertMedia(organizationId: string, row: NewMedia, client: Client): Promise<void> {
  await client.media.create({ data: { ...row, organizationId } });
}

/** Media references of messages stored earlier or now, skipping any a message has already. */
export async function insertMediaRows(
  organizationId: string,
  rows: NewMedia[],
  client: Client,
): Promise<void> {
  await client.media.createMany({ data: rows.map((r) => ({ ...r, organizationId })), skipDuplicates: true });
}
