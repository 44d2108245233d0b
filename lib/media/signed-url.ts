import { createHmac, timingSafeEqual } from "node:crypto";
import { appUrl, requireSetting } from "@/lib/config";

/** Signed download links of our own: short-lived, bound to one media id. */
export const MEDIA_URL_TTL_SECONDS = 300;

function signature(id: string, expires: number): string {
  return createHmac("sha256", requireSetting("ENCRYPTION_KEY"))
    .update(`media:${id}:${expires}`)
    .digest("base64url");
}

export function signedMediaUrl(id: string, now = Date.now()): { url: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + MEDIA_URL_TTL_SECONDS;
  return {
    url: `${appUrl()}/media/${id}?expires=${expires}&signature=${signature(id, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

export function verifyMediaUrl(id: string, expires: string | null, sig: string | null): boolean {
  if (!expires || !sig || !/^\d+$/.test(expires)) return false;
  if (Number(expires) * 1000 < Date.now()) return false;
  const expected = Buffer.from(signature(id, Number(expires)));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
