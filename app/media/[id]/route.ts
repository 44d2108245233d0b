import { create as contentDisposition } from "content-disposition";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { copyMedia } from "@/lib/media/copy-media";
import { verifyMediaUrl } from "@/lib/media/signed-url";
import { mediaStorage } from "@/lib/media/storage";

/** Streams our copy of an inbound media file behind a signed, short-lived link. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await params;
  const url = new URL(request.url);
  if (!verifyMediaUrl(id, url.searchParams.get("expires"), url.searchParams.get("signature"))) {
    return new Response("link invalid or expired", { status: 403 });
  }
  let media = await db().media.findUnique({ where: { id } });
  if (!media) return new Response("not found", { status: 404 });
  try {
    // not copied yet (the worker is behind or failed): fetch it from the upstream now
    if (!media.storedAt || !media.storageKey) media = await copyMedia(id);
  } catch (err) {
    logger.warn({ mediaId: id, err: String(err) }, "media copy failed");
    return new Response("media not available from the upstream", { status: 502 });
  }
  const body = media.storageKey ? await mediaStorage().get(media.storageKey) : null;
  if (!body) return new Response("media not available", { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": media.mimeType,
      ...(media.fileSize ? { "Content-Length": String(media.fileSize) } : {}),
      // RFC 6266: the customer's name (any script) as filename*, with an ASCII fallback
      "Content-Disposition": contentDisposition(media.filename ?? undefined),
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
