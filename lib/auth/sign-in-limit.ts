import "#server-only";
import { createHash } from "node:crypto";
import { readyRedis } from "@/lib/redis";

/**
 * Sign-in limits (OWASP authentication guidance: slow guessing down without letting a stranger
 * lock a staff member out). Over a 15-minute window:
 * - per e-mail and client address: after 10 failures that pair is refused, no other;
 * - per client address: after 30 failed attempts (any e-mails) the address is refused;
 * - per e-mail, from anywhere: after 10 failures each further attempt waits (1 s more per
 *   failure, at most 5 s) before the password is checked, but is never refused, so the right
 *   password from an address that has not been failing still signs in.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_LIMITS = { perEmailAndAddress: 10, perAddress: 30, emailSlowAfter: 10 } as const;
const DELAY_STEP_MS = 1000;
const MAX_DELAY_MS = 5000;

// One key per script call, so that each key may live on its own slot of a clustered Redis.
const COUNT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { n, redis.call('PTTL', KEYS[1]) }
`;

function keys(email: string, address: string) {
  const hashed = createHash("sha256").update(email).digest("hex").slice(0, 32);
  return {
    pair: `signin:{p:${hashed}:${address}}`,
    address: `signin:{a:${address}}`,
    emailFailures: `signin:{f:${hashed}}`,
  };
}

async function count(key: string): Promise<{ n: number; ttlMs: number }> {
  const r = await readyRedis();
  const result = (await r.eval(COUNT, 1, key, SIGN_IN_WINDOW_MS)) as [number, number];
  return { n: Number(result[0]), ttlMs: Math.max(Number(result[1]), 0) };
}

export type SignInAttempt = { allowed: boolean; retryAfterSeconds: number; delayMs: number };

/**
 * Counts an attempt before the password is checked, so a burst of parallel guesses cannot all
 * pass before the first failure is recorded (and each guess costs a slow hash only when allowed).
 * A successful sign-in gives its attempt back (clearSignInAttempts): only failures accumulate.
 */
export async function claimSignInAttempt(email: string, address: string): Promise<SignInAttempt> {
  const k = keys(email, address);
  const r = await readyRedis();
  const [byPair, byAddress, emailFailures] = await Promise.all([
    count(k.pair),
    count(k.address),
    r.get(k.emailFailures),
  ]);
  const overPair = byPair.n > SIGN_IN_LIMITS.perEmailAndAddress;
  const overAddress = byAddress.n > SIGN_IN_LIMITS.perAddress;
  const waits = [...(overPair ? [byPair.ttlMs] : []), ...(overAddress ? [byAddress.ttlMs] : [])];
  const excess = Number(emailFailures ?? 0) - SIGN_IN_LIMITS.emailSlowAfter;
  return {
    allowed: waits.length === 0,
    retryAfterSeconds: Math.ceil(Math.max(0, ...waits) / 1000),
    delayMs: excess > 0 ? Math.min(excess * DELAY_STEP_MS, MAX_DELAY_MS) : 0,
  };
}

/** A wrong password: counts against the e-mail from every address (the slow-down above). */
export async function recordSignInFailure(email: string, address: string): Promise<void> {
  await count(keys(email, address).emailFailures);
}

export async function clearSignInAttempts(email: string, address: string): Promise<void> {
  const k = keys(email, address);
  const r = await readyRedis();
  await Promise.all([r.del(k.pair), r.decr(k.address)]);
}
