import { createHash } from "node:crypto";
import { z } from "zod";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { Media } from "@/lib/generated/prisma/client.ts";
import { mediaStorage } from "@/lib/media/storage";
import { channelToken, graphRequest } from "@/lib/whatsapp/graph-client";

const mediaInfo = z
  .object({
    url: z.string(),
    mime_type: z.string().optional(),
    sha256: z.string().optional(),
    file_size: z.coerce.number().optional(),
  })
  .loose();

/** The upstream gives sha256 as hex or base64; compare with either. */
function sameHash(expected: string | undefined | null, digest: Buffer): boolean {
  if (!expected) return true;
  return expected.toLowerCase() === digest.toString("hex") || expected === digest.toString("base64");
}

/**
 * Copies an inbound media file into our storage: the upstream's media ids live ~7 days and
 * its download links 5 minutes. Checks size and sha256. Idempotent: a stored copy is kept.
 */
export async function copyMedia(mediaId: string): Promise<Media> {
  const media = await db().media.findUniqueOrThrow({
    where: { id: mediaId },
    include: { message: { include: { channel: true } } },
  });
  if (media.storedAt && media.storageKey) return media;
  const channel = media.message.channel;
  if (!channel) throw new Error(`media ${mediaId} has no channel to fetch it through`);

  const info = mediaInfo.parse(await graphRequest<unknown>(channel, encodeURIComponent(media.upstreamId)));
  const limit = config().MEDIA_MAX_BYTES;
  if (info.file_size !== undefined && info.file_size > limit)
    throw new Error(`media ${mediaId} is larger than ${limit} bytes`);
  const res = await fetch(info.url, {
    headers: { Authorization: `Bearer ${channelToken(channel)}` },
    signal: AbortSignal.timeout(60_000),
  });
  if (!res.ok) throw new Error(`media download answered ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > limit) throw new Error(`media ${mediaId} is larger than ${limit} bytes`);
  const digest = createHash("sha256").update(body).digest();
  if (!sameHash(info.sha256 ?? media.sha256, digest)) throw new Error(`media ${mediaId}: sha256 mismatch`);

  const mimeType = info.mime_type ?? media.mimeType;
  const key = `${media.organizationId}/${media.id}`;
  await mediaStorage().put(key, body, mimeType);
  return db().media.update({
    where: { id: mediaId },
    data: {
      storageKey: key,
      storedAt: new Date(),
      fileSize: body.length,
      sha256: digest.toString("hex"),
      mimeType,
    },
  });
}
