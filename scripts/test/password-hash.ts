import { randomBytes, scryptSync } from "node:crypto";

/**
 * A password hash in the product's own format (lib/crypto/password.ts: `scrypt$N$r$p$salt$hash`)
 * at N = 2^10 instead of OWASP's 2^17, for the staff members tests make by the hundred: the
 * product's sign-in checks it with the same code, reading N from the hash, at 1/128 of the work
 * (about 370 ms of CPU and 128 MiB a hash at the product's cost on these machines at load 10, on
 * every creation and every sign-in: a tenth of the test suites' CPU). Never for a real password.
 */
const N = 2 ** 10;
const R = 8;
const P = 1;

export function quickPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64")}$${hash.toString("base64")}`;
}
