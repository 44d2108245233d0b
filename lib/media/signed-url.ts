import { createHmac, timingSafeEqual } from "node:crypto";
import { appUrl } from "@/lib/config";
import { currentKey, type MasterKey, openingKeys } from "@/lib/crypto/keys";

/** Signed download links of our own: short-lived, bound to one media id. */
export const MEDIA_URL_TTL_SECONDS = 300;

/** HMAC under the "media-url" key derived from ENCRYPTION_KEY (never the master key itself). */
function signature(master: MasterKey, id: string, expires: number): string {
  return createHmac("sha256", master.derive("media-url"))
    .update(`media:${id}:${expires}`)
    .digest("base64url");
}

export function signedMediaUrl(id: string, now = Date.now()): { url: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + MEDIA_URL_TTL_SECONDS;
  return {
    url: `${appUrl()}/media/${id}?expires=${expires}&signature=${signature(currentKey(), id, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

/**
 * The same signed link as a same-origin path, for the dashboard's thread: the page loads it under
 * its own CSP (img-src/media-src 'self') whatever host APP_URL names. The expiry is rounded up to
 * the next 5-minute mark plus MEDIA_URL_TTL_SECONDS (valid 5 to 10 minutes), so that the thread's
 * poll hands the browser the same link for minutes and a thumbnail is not fetched again on every poll.
 */
export function signedMediaPath(id: string, now = Date.now()): string {
  const step = MEDIA_URL_TTL_SECONDS;
  const expires = Math.ceil(Math.floor(now / 1000) / step) * step + MEDIA_URL_TTL_SECONDS;
  return `/media/${id}?expires=${expires}&signature=${signature(currentKey(), id, expires)}`;
}

/** A link signed just before a key rotation still opens (with ENCRYPTION_KEY_PREVIOUS) until it expires. */
export function verifyMediaUrl(id: string, expires: string | null, sig: string | null): boolean {
  if (!expires || !sig || !/^\d+$/.test(expires)) return false;
  if (Number(expires) * 1000 < Date.now()) return false;
  const given = Buffer.from(sig);
  return openingKeys().some((master) => {
    const expected = Buffer.from(signature(master, id, Number(expires)));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
