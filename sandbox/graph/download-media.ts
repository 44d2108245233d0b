import { create as contentDisposition } from "content-disposition";
import type { Ctx } from "@/sandbox/context";
import { mediaOfLink } from "@/sandbox/graph/media-link";
import { controlError } from "@/sandbox/graph-error";
import type { Reply, SandboxRequest } from "@/sandbox/http";
import { phoneNumbersOfWaba } from "@/sandbox/state";

/** GET of a media URL: the bytes, for a bearer token of the media's WABA, while the link is fresh. */
export function downloadMedia(ctx: Ctx, req: SandboxRequest): Reply {
  const media = mediaOfLink(ctx.state, req.query);
  if (!media)
    throw controlError(404, "The media link is invalid or has expired; get a new one from GET /{media_id}.");
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (!token || !phoneNumbersOfWaba(ctx.state, media.waba_id).some((n) => n.access_token === token)) {
    throw controlError(401, "A valid access token for the media's WhatsApp Business Account is required.");
  }
  return {
    status: 200,
    bytes: media.bytes,
    contentType: media.mime_type,
    // RFC 6266: any name (non-Latin-1 included) as filename*, with an ASCII fallback
    headers: media.filename ? { "content-disposition": contentDisposition(media.filename) } : {},
  };
}
