import { describe, expect, it } from "vitest";
import {
  MEDIA_URL_TTL_SECONDS,
  signedMediaPath,
  signedMediaUrl,
  verifyMediaUrl,
} from "@/lib/media/signed-url";

const ID = "0b6f2c1e-55a4-4f3e-a1d2-7c9e8b4a3f10";
const OTHER = "9d8c7b6a-1234-4abc-9def-0123456789ab";

function parts(url: string) {
  const u = new URL(url);
  return {
    path: u.pathname,
    expires: u.searchParams.get("expires"),
    signature: u.searchParams.get("signature"),
  };
}

describe("signed media links", () => {
  it("a fresh link names the media, expires after the TTL and verifies", () => {
    const now = Date.now();
    const { url, expiresAt } = signedMediaUrl(ID, now);
    const p = parts(url);
    expect(p.path).toBe(`/media/${ID}`);
    expect(Number(p.expires)).toBe(Math.floor(now / 1000) + MEDIA_URL_TTL_SECONDS);
    expect(expiresAt.getTime()).toBe(Number(p.expires) * 1000);
    expect(MEDIA_URL_TTL_SECONDS).toBeLessThanOrEqual(900);
    expect(verifyMediaUrl(ID, p.expires, p.signature)).toBe(true);
  });

  it("the thread's same-origin path: valid 5 to 10 minutes, the same link across a 5-minute step", () => {
    const step = MEDIA_URL_TTL_SECONDS * 1000;
    const start = Math.floor(Date.now() / step) * step + 1000; // just after a 5-minute mark
    const path = signedMediaPath(ID, start);
    expect(path.startsWith(`/media/${ID}?`)).toBe(true);
    const p = parts(`http://x${path}`);
    const left = Number(p.expires) * 1000 - start;
    expect(left).toBeGreaterThanOrEqual(step);
    expect(left).toBeLessThanOrEqual(2 * step);
    expect(signedMediaPath(ID, start + step - 2000)).toBe(path);
    expect(verifyMediaUrl(ID, p.expires, p.signature)).toBe(true);
    expect(verifyMediaUrl(OTHER, p.expires, p.signature)).toBe(false);
  });

  it("an expired link does not verify", () => {
    const p = parts(signedMediaUrl(ID, Date.now() - (MEDIA_URL_TTL_SECONDS + 5) * 1000).url);
    expect(verifyMediaUrl(ID, p.expires, p.signature)).toBe(false);
  });

  it("the signature is bound to the id and the expiry", () => {
    const p = parts(signedMediaUrl(ID).url);
    expect(verifyMediaUrl(OTHER, p.expires, p.signature)).toBe(false);
    expect(verifyMediaUrl(ID, String(Number(p.expires) + 1), p.signature)).toBe(false);
  });

  it.each([
    ["no expiry", null, "sig"],
    ["no signature", "9999999999", null],
    ["a non-numeric expiry", "9999999999x", "sig"],
    ["a negative expiry", "-1", "sig"],
    ["an empty signature", "9999999999", ""],
  ])("refuses %s", (_, expires, signature) => {
    expect(verifyMediaUrl(ID, expires, signature)).toBe(false);
  });

  it("refuses a tampered signature of the right length", () => {
    const p = parts(signedMediaUrl(ID).url);
    const sig = p.signature ?? "";
    const tampered = `${sig[0] === "a" ? "b" : "a"}${sig.slice(1)}`;
    expect(verifyMediaUrl(ID, p.expires, tampered)).toBe(false);
  });
});
