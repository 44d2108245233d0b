import { createHash, randomBytes } from "node:crypto";
import { KEY_PREFIX, type KeyKind } from "@/lib/api/scopes";

/** 32 random bytes after the prefix: a key cannot be guessed, so a fast hash is enough. */
export function generateKey(kind: KeyKind): string {
  return `${KEY_PREFIX[kind]}${randomBytes(32).toString("base64url")}`;
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

const KEY_PATTERN = /^service_(sk|pk)_[A-Za-z0-9_-]{43}$/;

export function looksLikeKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function displayKey(kind: KeyKind, last4: string): string {
  return `${KEY_PREFIX[kind]}…${last4}`;
}
