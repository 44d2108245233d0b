/**
 * Runs a benchmark's main and ends the process: exit 1 with the error when it throws, else the
 * exit code it set (0 when none), without waiting on the pools and timers it leaves open.
 */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
