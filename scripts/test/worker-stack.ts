import { Redis } from "ioredis";
import { type Proc, startProcess, stopProcess, waitFor } from "@/scripts/test/processes";
import { freePort } from "@/scripts/test/send-helpers";
import { type Stack, type StackOptions, stackEnv, startStack } from "@/scripts/test/stack";

/**
 * A stack of a test file's own for tests that start and kill worker processes: a redis-server
 * of its own, the web app (no worker) and a sandbox, so the shared stack's worker never takes
 * its jobs. Small database pools: PostgreSQL's connections are shared with the main stack (and
 * other test runs).
 */
export type WorkerStack = {
  stack: Stack;
  redisUrl: string;
  sandboxUrl: string;
  /** the workers started since the last stopWorkers */
  workers: Proc[];
  /** a worker on this stack, once it logged that it started */
  startWorker(name: string): Promise<Proc>;
  /** stops every worker started (SIGTERM): each test's end */
  stopWorkers(): Promise<void>;
  /** the last `lines` warnings and errors the stack and its workers logged, `width` characters of each */
  logged(lines: number, width: number): string;
  stop(): Promise<void>;
};

export async function startWorkerStack(env: Record<string, string> = {}): Promise<WorkerStack> {
  const redisPort = await freePort();
  const redisServer = startProcess(
    "redis",
    "redis-server",
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    process.env,
  );
  const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  let stack: Stack;
  let options: StackOptions;
  try {
    const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on("error", () => {});
    await waitFor(async () => (await probe.ping()) === "PONG", "our redis-server");
    probe.disconnect();
    options = {
      webPort: await freePort(),
      pgProxyPort: await freePort(),
      redisProxyPort: await freePort(),
      sandboxPort: await freePort(),
      worker: false,
      env: { REDIS_URL: redisUrl, DATABASE_POOL_SIZE: "5", ...env },
    };
    stack = await startStack(options);
  } catch (error) {
    await stopProcess(redisServer);
    throw error;
  }
  const workers: Proc[] = [];
  const stopWorkers = async () => {
    await Promise.all(workers.splice(0).map((w) => stopProcess(w)));
  };
  return {
    stack,
    redisUrl,
    sandboxUrl: `http://127.0.0.1:${options.sandboxPort}`,
    workers,
    async startWorker(name) {
      const workerEnv = { ...stackEnv(options), REDIS_URL: redisUrl, LOG_LEVEL: "info" };
      const proc = startProcess(name, process.execPath, ["--import", "tsx", "worker/index.ts"], workerEnv);
      workers.push(proc);
      await waitFor(async () => proc.output.join("").includes("worker started"), `worker ${name}`);
      return proc;
    },
    stopWorkers,
    logged(lines, width) {
      const found = [...stack.procs, ...workers].flatMap((p) =>
        p.output
          .join("")
          .split("\n")
          .filter((l) => /"level":(40|50|60)/.test(l))
          .map((l) => `[${p.name}] ${l.slice(0, width)}`),
      );
      return found.slice(-lines).join("\n");
    },
    async stop() {
      await stopWorkers();
      await stack.stop();
      await stopProcess(redisServer);
    },
  };
}
