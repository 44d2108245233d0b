/**
 * Group commit: the writes of concurrent callers go to PostgreSQL as one statement. A call
 * runs at once while fewer than `concurrency` statements are in flight; otherwise it waits
 * for one to finish and goes with every call that arrived meanwhile (up to `maxBatch`). At low
 * load each write is its own statement and waits for nothing; under load the statements (and
 * commits, round trips and parses) per write fall with the load. Each caller gets its own
 * item's answer, or the statement's error.
 */
export type GroupRunner<I, O> = (items: I[]) => Promise<O[]>;

type Pending<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };

export function groupCommit<I, O>(
  run: GroupRunner<I, O>,
  options: { concurrency: number; maxBatch: number },
): (item: I) => Promise<O> {
  const queue: Pending<I, O>[] = [];
  let inFlight = 0;

  const flush = () => {
    while (inFlight < options.concurrency && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      inFlight++;
      run(batch.map((p) => p.item))
        .then(
          (results) => {
            batch.forEach((p, i) => {
              p.resolve(results[i] as O);
            });
          },
          (error: unknown) => {
            for (const p of batch) p.reject(error);
          },
        )
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
