import { create as contentDisposition } from "content-disposition";
import { plainMethodNotAllowed } from "@/lib/api/respond";
import { logger } from "@/lib/logger";
import { verifyMediaUrl } from "@/lib/media/signed-url";
import { storedMedia } from "@/lib/media/stored-media";

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
  const found = await storedMedia(id);
  if (found.kind === "not-copied") {
    logger.warn({ mediaId: id, err: String(found.error) }, "media copy failed");
    return new Response("media not available from the upstream", { status: 502 });
  }
  if (found.kind === "not-found") return new Response("not found", { status: 404 });
  const { media, body } = found;
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

// a method it does not serve: 405 in the envelope with Allow (lib/api/respond.ts)
export const { POST, PUT, PATCH, DELETE } = plainMethodNotAllowed(["GET"]);
