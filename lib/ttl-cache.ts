/**
 * A per-process cache of answers that may be `ttlMs` stale (key records, channel resolutions):
 * a busy key costs one load per `ttlMs`, not one per request, and concurrent callers share
 * the load in flight. A failed load is forgotten at once (the next caller tries again), unless
 * `keepFailure` says the failure is itself the answer (a channel that does not exist).
 */
export function ttlCache<V>(
  ttlMs: number,
  options: { keepFailure?: (error: unknown) => boolean; maxEntries?: number } = {},
): (key: string, load: () => Promise<V>) => Promise<V> {
  const { keepFailure = () => false, maxEntries = 10_000 } = options;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return (key, load) => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value;
    if (entries.size >= maxEntries) entries.clear();
    const value = load();
    entries.set(key, { at: now, value });
    value.catch((error: unknown) => {
      if (!keepFailure(error) && entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}
