import "#server-only";
import { createHash } from "node:crypto";
import { z } from "zod";
import { channelFetch, graphRequest } from "@/lib/cloud-api/graph-client";
import { config } from "@/lib/config";
import type { Media } from "@/lib/generated/prisma/client.ts";
import { getMediaToCopy, markMediaStored } from "@/lib/media/repository";
import { mediaStorage } from "@/lib/media/storage";
import { GuardedFetchError } from "@/lib/net/guarded-fetch";

const mediaInfo = z
  .object({
    url: z.string(),
    mime_type: z.string().optional(),
    sha256: z.string().optional(),
    file_size: z.coerce.number().optional(),
  })
  .loose();

/** The upstream gives sha256 as hex or base64; compare with either. */
function sameHash(expected: string, digest: Buffer): boolean {
  return expected.toLowerCase() === digest.toString("hex") || expected === digest.toString("base64");
}

export class MediaCopyError extends Error {
  constructor(mediaId: string, reason: string) {
    super(`media ${mediaId}: ${reason}`);
    this.name = "MediaCopyError";
  }
}

/**
 * Copies an inbound media file into our storage: the upstream's media ids live ~7 days and
 * its download links 5 minutes. Idempotent: a stored copy is kept. The download goes through
 * the guarded client (lib/net/guarded-fetch.ts) with the channel's token, so it is refused
 * unless the link is on the channel's Graph origin or, on Meta, Meta's media host; a redirect
 * is not followed; at most MEDIA_MAX_BYTES are read. The file must match the sha256 the
 * upstream gave: a missing or different hash fails the copy and nothing is stored (the row
 * keeps storedAt null; a later try starts over).
 */
export async function copyMedia(organizationId: string, mediaId: string): Promise<Media> {
  const media = await getMediaToCopy(organizationId, mediaId);
  if (media.storedAt && media.storageKey) return media;
  const channel = media.message.channel;
  if (!channel) throw new MediaCopyError(mediaId, "no channel to fetch it through");

  const info = mediaInfo.parse(await graphRequest<unknown>(channel, encodeURIComponent(media.upstreamId)));
  // the notification's hash and the lookup's: every one given must match, and one must be
  const expected = [media.sha256, info.sha256].filter((h): h is string => Boolean(h));
  if (expected.length === 0) throw new MediaCopyError(mediaId, "the upstream gave no sha256");
  const limit = config().MEDIA_MAX_BYTES;
  if (info.file_size !== undefined && info.file_size > limit)
    throw new MediaCopyError(mediaId, `larger than ${limit} bytes`);
  let link: URL;
  try {
    link = new URL(info.url);
  } catch {
    throw new MediaCopyError(mediaId, "the upstream's download link is not a URL");
  }
  const res = await channelFetch(channel, link, { timeoutMs: 60_000, maxBytes: limit }).catch(
    (error: unknown) => {
      if (error instanceof GuardedFetchError) throw new MediaCopyError(mediaId, `download: ${error.message}`);
      throw error;
    },
  );
  if (res.status !== 200) throw new MediaCopyError(mediaId, `download answered ${res.status}`);
  const body = res.body;
  const digest = createHash("sha256").update(body).digest();
  if (!expected.every((hash) => sameHash(hash, digest))) throw new MediaCopyError(mediaId, "sha256 mismatch");

  const mimeType = info.mime_type ?? media.mimeType;
  const key = `${media.organizationId}/${media.id}`;
  await mediaStorage().put(key, body, mimeType);
  const row = await markMediaStored(organizationId, mediaId, {
    storageKey: key,
    fileSize: body.length,
    sha256: digest.toString("hex"),
    mimeType,
  });
  if (!row) {
    // the message was deleted for everyone while we copied (lib/media/forget-media.ts): no copy stays
    await mediaStorage().delete(key);
    throw new MediaCopyError(mediaId, "deleted while it was copied");
  }
  return row;
}
