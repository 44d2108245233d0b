/** Secret formats, without node:crypto, so browser forms can share the route's schema. */
export const STANDARD_PREFIX = "whsec_";
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** True when a `whsec_` secret carries valid base64 (checked at registration). */
export function isUsableSecret(secret: string): boolean {
  if (!secret.startsWith(STANDARD_PREFIX)) return secret.length > 0;
  const encoded = secret.slice(STANDARD_PREFIX.length);
  return encoded.length > 0 && encoded.length % 4 === 0 && BASE64.test(encoded);
}
