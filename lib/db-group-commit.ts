/**
 * Group commit: the writes of concurrent callers go to PostgreSQL as one statement. A call
 * runs at once while fewer than `concurrency` statements are in flight; otherwise it waits
 * for one to finish and goes with every call that arrived meanwhile (up to `maxBatch`). At low
 * load each write is its own statement and waits for nothing; under load the statements (and
 * commits, round trips and parses) per write fall with the load. Each caller gets its own
 * item's answer. A grouped statement that fails is run again item by item, so that one
 * caller's bad row (another organization's, say) never fails the writes it was grouped with:
 * each caller gets its own statement's error.
 */
export type GroupRunner<I, O> = (items: I[]) => Promise<O[]>;

type Pending<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

export function groupCommit<I, O>(
  run: GroupRunner<I, O>,
  /** statements in flight at once (a share of the pool), and items in one statement at most */
  options: { concurrency: number; maxBatch: number } = { concurrency: 4, maxBatch: 100 },
): (item: I) => Promise<O> {
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;

  const settleAll = async (items: I[]): Promise<Settled<O>[]> => {
    try {
      const values = await run(items);
      return values.map((value) => ({ ok: true, value }));
    } catch (error) {
      if (items.length === 1) return [{ ok: false, error }];
      return Promise.all(items.map(async (item) => (await settleAll([item]))[0] as Settled<O>));
    }
  };

  const flush = () => {
    while (inFlight < options.concurrency && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight++;
      settleAll(batch.map((p) => p.item))
        .then((results) => {
          batch.forEach((p, i) => {
            const r = results[i];
            if (r?.ok) p.resolve(r.value);
            else p.reject(r ? r.error : new Error("no result for a grouped write"));
          });
        })
        .finally(() => {
          inFlight--;
          flush();
        });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      flush();
    });
}
