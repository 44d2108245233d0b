import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { requireSetting } from "@/lib/config";

/**
 * AES-256-GCM for secrets we must read back (webhook secrets, channel tokens).
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); the row's organization and id are
 * bound as additional authenticated data, so a ciphertext copied to another row fails.
 */
const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(requireSetting("ENCRYPTION_KEY"), "base64");
}

function aad(organizationId: string, rowId: string): Buffer {
  return Buffer.from(`${organizationId}:${rowId}`);
}

export function sealSecret(plaintext: string, organizationId: string, rowId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(aad(organizationId, rowId));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function openSecret(sealed: string, organizationId: string, rowId: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) {
    throw new Error("Unrecognized sealed secret format");
  }
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAAD(aad(organizationId, rowId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
