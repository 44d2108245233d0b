import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Media, SandboxState } from "@/sandbox/state";

const LINK_TTL_S = 5 * 60;
export const DOWNLOAD_PATH = "/whatsapp_business/attachments/";

function hashOf(state: SandboxState, mid: string, ext: string): string {
  return createHmac("sha256", state.linkSecret).update(`${mid}:${ext}`).digest("base64url");
}

/** A download link shaped like Meta's lookaside links, valid for five minutes. */
export function mediaLink(state: SandboxState, origin: string, media: Media, now = Date.now()): string {
  const ext = String(Math.floor(now / 1000) + LINK_TTL_S);
  const query = new URLSearchParams({ mid: media.id, ext, hash: hashOf(state, media.id, ext) });
  return `${origin}${DOWNLOAD_PATH}?${query.toString()}`;
}

/** The media a link names, when its signature holds and it has not expired. */
export function mediaOfLink(
  state: SandboxState,
  query: URLSearchParams,
  now = Date.now(),
): Media | undefined {
  const mid = query.get("mid") ?? "";
  const ext = query.get("ext") ?? "";
  const hash = Buffer.from(query.get("hash") ?? "");
  const expected = Buffer.from(hashOf(state, mid, ext));
  if (hash.length !== expected.length || !timingSafeEqual(hash, expected)) return undefined;
  if (Number(ext) * 1000 < now) return undefined;
  return state.media.get(mid);
}

export function sha256Hex(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
