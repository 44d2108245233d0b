/** A token bucket: `capacity` at once, refilled at `perMs` tokens a millisecond. */
export type Bucket = { tokens: number; updatedAt: number; capacity: number; perMs: number };

export function takeToken(
  buckets: Map<string, Bucket>,
  key: string,
  capacity: number,
  perMs: number,
  now = Date.now(),
): boolean {
  let bucket = buckets.get(key);
  if (!bucket || bucket.capacity !== capacity || bucket.perMs !== perMs) {
    bucket = { tokens: capacity, updatedAt: now, capacity, perMs };
    buckets.set(key, bucket);
  }
  bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.updatedAt) * perMs);
  bucket.updatedAt = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}
