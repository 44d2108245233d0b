import { randomUUID } from "node:crypto";

// Shared by vitest (helpers.ts and the other scripts/test helpers) and Playwright (e2e/): it imports
// neither runner, nor the database.

/** A random possible US number in E.164 (+1 NXX NXX XXXX). */
export function randomPhone(): string {
  const n = () => Math.floor(Math.random() * 10);
  return `+1${2 + (n() % 8)}${n()}${n()}${2 + (n() % 8)}${n()}${n()}${n()}${n()}${n()}${n()}`;
}

/** Ids of a business number of its own in the sandbox: tests run in parallel against one sandbox. */
export function randomSandboxNumber(): { phoneNumberId: string; wabaId: string; token: string } {
  return {
    phoneNumberId: String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999)),
    wabaId: String(200_000_000_000 + Math.floor(Math.random() * 799_999_999_999)),
    token: `sandbox-${randomUUID()}`,
  };
}
