import { createCipheriv, createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

const OLD_KEY = Buffer.alloc(32, 1).toString("base64");
const NEW_KEY = Buffer.alloc(32, 2).toString("base64");
const ORG = "0b6f2c1e-55a4-4f3e-a1d2-7c9e8b4a3f10";
const ROW = "wbk_0123456789abcdef";

const saved = { key: process.env.ENCRYPTION_KEY, previous: process.env.ENCRYPTION_KEY_PREVIOUS };

/** The modules as a process started with these settings sees them (config() is read once). */
async function withKeys(current: string, previous?: string) {
  process.env.ENCRYPTION_KEY = current;
  if (previous === undefined) delete process.env.ENCRYPTION_KEY_PREVIOUS;
  else process.env.ENCRYPTION_KEY_PREVIOUS = previous;
  vi.resetModules();
  return {
    box: await import("@/lib/crypto/secret-box"),
    keys: await import("@/lib/crypto/keys"),
    links: await import("@/lib/media/signed-url"),
  };
}

afterEach(() => {
  process.env.ENCRYPTION_KEY = saved.key;
  if (saved.previous === undefined) delete process.env.ENCRYPTION_KEY_PREVIOUS;
  else process.env.ENCRYPTION_KEY_PREVIOUS = saved.previous;
  vi.resetModules();
});

/** A value as the code before key ids sealed it: `v1.` and the master key itself. */
function sealLegacy(plaintext: string, base64Key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(base64Key, "base64"), iv);
  cipher.setAAD(Buffer.from(`${ORG}:${ROW}`));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

describe("sealed secrets: derived keys, key ids and rotation", () => {
  it("seals under an HKDF-derived key and names the master key by its id", async () => {
    const { box, keys } = await withKeys(OLD_KEY);
    const sealed = box.sealSecret("whsec_plain", ORG, ROW);
    const [version, keyId, ...rest] = sealed.split(".");
    expect(version).toBe("v2");
    expect(keyId).toBe(keys.currentKey().id);
    expect(keyId).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(rest).toHaveLength(3);
    expect(box.openSecret(sealed, ORG, ROW)).toBe("whsec_plain");
    // the sealing key is derived: neither the master key nor another purpose's key
    const master = Buffer.from(OLD_KEY, "base64");
    expect(keys.currentKey().derive("secret-box").equals(master)).toBe(false);
    expect(keys.currentKey().derive("secret-box").equals(keys.currentKey().derive("media-url"))).toBe(false);
  });

  it("after a rotation, a value sealed under the old key opens with ENCRYPTION_KEY_PREVIOUS; new seals use the new key", async () => {
    const before = await withKeys(OLD_KEY);
    const sealedOld = before.box.sealSecret("token-from-last-year", ORG, ROW);
    const oldId = before.keys.currentKey().id;

    const without = await withKeys(NEW_KEY);
    expect(() => without.box.openSecret(sealedOld, ORG, ROW)).toThrow(/unknown key/);

    const after = await withKeys(NEW_KEY, OLD_KEY);
    expect(after.box.openSecret(sealedOld, ORG, ROW)).toBe("token-from-last-year");
    const sealedNew = after.box.sealSecret("token-from-today", ORG, ROW);
    expect(sealedNew.split(".")[1]).toBe(after.keys.currentKey().id);
    expect(sealedNew.split(".")[1]).not.toBe(oldId);
    expect(after.box.openSecret(sealedNew, ORG, ROW)).toBe("token-from-today");
    // bound to its row still
    expect(() => after.box.openSecret(sealedNew, ORG, "another-row")).toThrow();
  });

  it("old-format values (no key id, sealed with the master key) still open, before and after a rotation", async () => {
    const legacy = sealLegacy("sealed-before-key-ids", OLD_KEY);
    expect((await withKeys(OLD_KEY)).box.openSecret(legacy, ORG, ROW)).toBe("sealed-before-key-ids");
    expect((await withKeys(NEW_KEY, OLD_KEY)).box.openSecret(legacy, ORG, ROW)).toBe("sealed-before-key-ids");
    const unrelated = await withKeys(NEW_KEY);
    expect(() => unrelated.box.openSecret(legacy, ORG, ROW)).toThrow();
  });

  it("media links are signed with their own derived key, not ENCRYPTION_KEY, and survive a rotation until they expire", async () => {
    const before = await withKeys(OLD_KEY);
    const id = "9d8c7b6a-1234-4abc-9def-0123456789ab";
    const url = new URL(before.links.signedMediaUrl(id).url);
    const expires = url.searchParams.get("expires") ?? "";
    const signature = url.searchParams.get("signature");
    const withMaster = createHmac("sha256", OLD_KEY).update(`media:${id}:${expires}`).digest("base64url");
    expect(signature).not.toBe(withMaster);
    expect(before.links.verifyMediaUrl(id, expires, withMaster)).toBe(false);
    expect((await withKeys(NEW_KEY, OLD_KEY)).links.verifyMediaUrl(id, expires, signature)).toBe(true);
    expect((await withKeys(NEW_KEY)).links.verifyMediaUrl(id, expires, signature)).toBe(false);
  });
});
