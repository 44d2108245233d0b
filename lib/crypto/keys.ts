import { createHash, hkdfSync } from "node:crypto";
import { config, requireSetting } from "@/lib/config";

/**
 * ENCRYPTION_KEY is a master key: nothing uses it directly. Each purpose gets its own key
 * derived with HKDF-SHA256, so a weakness in one use (a signed media link) says nothing about
 * another (sealed secrets). Rotation: the new key becomes ENCRYPTION_KEY and the old one
 * ENCRYPTION_KEY_PREVIOUS; values sealed under either open, new ones are sealed under the
 * current key, and each sealed value names the key it was sealed under (its key id).
 */
export type KeyPurpose = "secret-box" | "media-url";

export type MasterKey = {
  /** 8 characters naming the key in sealed values; derived, so it reveals nothing of the key */
  id: string;
  raw: Buffer;
  derive(purpose: KeyPurpose): Buffer;
};

const SALT = Buffer.from("messaging-api/v1");
const cache = new Map<string, MasterKey>();

function hkdf(raw: Buffer, info: string, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", raw, SALT, info, length));
}

export function masterKey(base64: string): MasterKey {
  const cached = cache.get(base64);
  if (cached) return cached;
  const raw = Buffer.from(base64, "base64");
  const derived = new Map<KeyPurpose, Buffer>();
  const key: MasterKey = {
    id: createHash("sha256")
      .update(hkdf(raw, "key-id", 32))
      .digest("base64url")
      .slice(0, 8),
    raw,
    derive(purpose) {
      let value = derived.get(purpose);
      if (!value) {
        value = hkdf(raw, `purpose:${purpose}`, 32);
        derived.set(purpose, value);
      }
      return value;
    },
  };
  cache.set(base64, key);
  return key;
}

/** The key new values are sealed and signed under. */
export function currentKey(): MasterKey {
  return masterKey(requireSetting("ENCRYPTION_KEY"));
}

/** Every key a value may have been sealed or signed under: the current one first. */
export function openingKeys(): MasterKey[] {
  const previous = config().ENCRYPTION_KEY_PREVIOUS;
  const current = currentKey();
  return previous && previous !== requireSetting("ENCRYPTION_KEY")
    ? [current, masterKey(previous)]
    : [current];
}
