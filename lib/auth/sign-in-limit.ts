import { createHash } from "node:crypto";
import { readyRedis } from "@/lib/redis";

/** Attempts are counted per e-mail and per client address over a fixed 15-minute window. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_IN_LIMITS = { perEmail: 10, perAddress: 30 } as const;

// One key per script call, so that each key may live on its own slot of a clustered Redis.
const COUNT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { n, redis.call('PTTL', KEYS[1]) }
`;

function keys(email: string, address: string) {
  const hashed = createHash("sha256").update(email).digest("hex").slice(0, 32);
  return { email: `signin:{e:${hashed}}`, address: `signin:{a:${address}}` };
}

async function count(key: string): Promise<{ n: number; ttlMs: number }> {
  const r = await readyRedis();
  const result = (await r.eval(COUNT, 1, key, SIGN_IN_WINDOW_MS)) as [number, number];
  return { n: Number(result[0]), ttlMs: Math.max(Number(result[1]), 0) };
}

export type SignInAttempt = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts an attempt before the password is checked, so a burst of parallel guesses cannot all
 * pass before the first failure is recorded (and each guess costs a slow hash only when allowed).
 * A successful sign-in gives its attempt back (clearSignInAttempts): only failures accumulate.
 */
export async function claimSignInAttempt(email: string, address: string): Promise<SignInAttempt> {
  const k = keys(email, address);
  const [byEmail, byAddress] = await Promise.all([count(k.email), count(k.address)]);
  const overEmail = byEmail.n > SIGN_IN_LIMITS.perEmail;
  const overAddress = byAddress.n > SIGN_IN_LIMITS.perAddress;
  const waits = [...(overEmail ? [byEmail.ttlMs] : []), ...(overAddress ? [byAddress.ttlMs] : [])];
  return {
    allowed: waits.length === 0,
    retryAfterSeconds: Math.ceil(Math.max(0, ...waits) / 1000),
  };
}

export async function clearSignInAttempts(email: string, address: string): Promise<void> {
  const k = keys(email, address);
  const r = await readyRedis();
  await Promise.all([r.del(k.email), r.decr(k.address)]);
}
