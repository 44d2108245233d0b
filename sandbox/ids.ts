import { randomBytes, randomInt } from "node:crypto";

/**
 * A wamid shaped like Meta's: base64 of a small protobuf-like record holding the
 * recipient's digits and a random hex id ("wamid.HBgL…").
 */
export function newWamid(waId: string): string {
  const digits = Buffer.from(waId.slice(0, 200), "ascii");
  const hex = Buffer.from(randomBytes(9).toString("hex").toUpperCase(), "ascii");
  const record = Buffer.concat([
    Buffer.from([0x1c, 0x18, digits.length]),
    digits,
    Buffer.from([0x15, 0x02, 0x00, 0x11, 0x18, hex.length]),
    hex,
    Buffer.from([0x00]),
  ]);
  return `wamid.${record.toString("base64")}`;
}

/** Graph object ids are decimal strings of 15–16 digits. */
export function newNumericId(): string {
  let id = String(randomInt(1, 10));
  for (let i = 0; i < 15; i++) id += String(randomInt(0, 10));
  return id;
}

export function newTraceId(): string {
  return `A${randomBytes(17).toString("base64url").slice(0, 22)}`;
}

/** Meta's hub.challenge is a random integer. */
export function newChallenge(): string {
  return String(randomInt(100_000_000, 2_000_000_000));
}

export function digitsOf(phone: string): string {
  return phone.replace(/\D/g, "");
}
