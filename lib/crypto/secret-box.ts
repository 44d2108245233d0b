import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { currentKey, openingKeys } from "@/lib/crypto/keys";

/**
 * AES-256-GCM for secrets we must read back (webhook secrets, channel tokens).
 * Stored as `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url) under the HKDF-derived
 * "secret-box" key of ENCRYPTION_KEY (lib/crypto/keys.ts); the key id says which master key,
 * so values sealed before a rotation open with ENCRYPTION_KEY_PREVIOUS. The older
 * `v1.<iv>.<tag>.<ciphertext>`, sealed with the master key itself, still opens. The row's
 * organization and id are bound as additional authenticated data, so a ciphertext copied to
 * another row fails.
 */
const VERSION = "v2";
const LEGACY_VERSION = "v1";

function aad(organizationId: string, rowId: string): Buffer {
  return Buffer.from(`${organizationId}:${rowId}`);
}

export function sealSecret(plaintext: string, organizationId: string, rowId: string): string {
  const master = currentKey();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", master.derive("secret-box"), iv);
  cipher.setAAD(aad(organizationId, rowId));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, master.id, ...[iv, cipher.getAuthTag(), body].map((p) => p.toString("base64url"))].join(
    ".",
  );
}

function decrypt(key: Buffer, parts: { iv: string; tag: string; body: string }, additional: Buffer): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(parts.iv, "base64url"));
  decipher.setAAD(additional);
  decipher.setAuthTag(Buffer.from(parts.tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(parts.body, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

export function openSecret(sealed: string, organizationId: string, rowId: string): string {
  const parts = sealed.split(".");
  const additional = aad(organizationId, rowId);
  if (parts[0] === VERSION && parts.length === 5) {
    const [, keyId, iv = "", tag = "", body = ""] = parts;
    const master = openingKeys().find((k) => k.id === keyId);
    if (!master) throw new Error(`Sealed under an unknown key (${keyId}): set ENCRYPTION_KEY_PREVIOUS to it`);
    return decrypt(master.derive("secret-box"), { iv, tag, body }, additional);
  }
  if (parts[0] === LEGACY_VERSION && parts.length === 4) {
    const [, iv = "", tag = "", body = ""] = parts;
    let failure: unknown;
    for (const master of openingKeys()) {
      try {
        return decrypt(master.raw, { iv, tag, body }, additional);
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }
  throw new Error("Unrecognized sealed secret format");
}
