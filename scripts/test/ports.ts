import { createServer } from "node:net";

/**
 * Every port the tests listen on, from one table (issue 35 item 5: tests took ports as offsets
 * of each other's, and two of them once collided). A checkout's tests own the block of
 * PORT_BLOCK ports from TEST_PORT_BASE (default 21000): two checkouts on one machine, or two
 * suites side by side, each set a different base (`TEST_PORT_BASE=23000 npm test`) and share no
 * port. The block stays below Linux's ephemeral range (32768–60999), so no outgoing connection or
 * `port 0` server can hold one of them, and away from the product's own defaults (3000, 4010,
 * 5432, 5433, 6379, 9464).
 *
 * Two ways to take one, both here: a named port of the table (`testPort`), for a stack that other
 * processes must find (the shared stacks, the Playwright stack, a file's stack of its own that is
 * named in a child's environment), and `freePort()`, a port of the block's upper part that no
 * name holds, for a stack one test file starts and alone talks to.
 * A test that needs a named port adds a name here; scripts/lib/test-ports.test.ts checks that no
 * two names share a port and that no test computes one by arithmetic on another.
 */
export const PORT_BLOCK = 200;

export const PORT_SLOTS = {
  // the suite's stack (scripts/test/global-setup.ts)
  web: 0,
  control: 1,
  sandbox: 2,
  pgProxy: 3,
  redisProxy: 4,
  workerMetrics: 5,
  // deliveries.resilience.test.ts's stack of its own (web and two workers)
  resilienceWeb: 10,
  resiliencePgProxy: 11,
  resilienceRedisProxy: 12,
  // outage.test.ts: PostgreSQL and Redis taken away from a stack of its own
  outageWeb: 20,
  outagePgProxy: 21,
  outageRedisProxy: 22,
  // postgres-restart.test.ts: a throwaway PostgreSQL server and a stack on it
  restartPostgres: 30,
  restartWeb: 31,
  restartPgProxy: 32,
  restartRedisProxy: 33,
  // messages.queue-outage.test.ts: the queue's Redis behind a proxy of its own
  queueOutageRedisProxy: 40,
  // web-shutdown.test.ts: `npm run web` stopped by SIGTERM
  shutdownWeb: 50,
  // start.test.ts: `npm start` with a Redis of its own, and a second start refused
  startWeb: 60,
  startSandbox: 61,
  startRedis: 62,
  startSecondWeb: 63,
  startSecondSandbox: 64,
  // the Playwright stack (e2e/global-setup.ts), beside the vitest one: npm test runs both
  e2eWeb: 100,
  e2ePgProxy: 101,
  e2eRedisProxy: 102,
  e2eSandbox: 103,
} as const satisfies Record<string, number>;

export type PortName = keyof typeof PORT_SLOTS;

const DEFAULT_BASE = 21_000;

/** The first port of this checkout's block: TEST_PORT_BASE, checked to fit below 32768. */
export function portBase(env: Record<string, string | undefined> = process.env): number {
  const raw = env.TEST_PORT_BASE;
  const base = raw === undefined || raw === "" ? DEFAULT_BASE : Number(raw);
  if (!Number.isInteger(base) || base < 1024 || base + PORT_BLOCK > 32_768) {
    throw new Error(`TEST_PORT_BASE must be an integer from 1024 to ${32_768 - PORT_BLOCK}, got ${raw}`);
  }
  return base;
}

/** The port named `name` in this checkout's block. */
export function testPort(name: PortName, env: Record<string, string | undefined> = process.env): number {
  return portBase(env) + PORT_SLOTS[name];
}

/**
 * The part of the block freePort() hands out, split between vitest's workers (VITEST_POOL_ID,
 * 1 to TEST_WORKERS): DYNAMIC_SHARE ports each, after every named slot.
 */
export const DYNAMIC_FIRST = 120;
export const DYNAMIC_SHARE = 20;

let handedOut = 0;

/**
 * A loopback port free now, for a stack one test file starts and alone talks to. A port is bound
 * by its stack some time after it is handed out (a child process starting, on a loaded machine
 * seconds or, for `npm start` in first-hour.test.ts, minutes): taken from the OS's ephemeral range
 * as before, any outgoing connection meanwhile could be given it and the bind then fail. Ports of
 * this worker's share of the block are never given to a connection (the block is below the
 * ephemeral range) nor to another file running at the same time (each worker has its own share,
 * and a suite beside this one its own block); each call hands out the next one that is free.
 * Outside a vitest worker, or past the shares there is room for, the OS picks as before.
 */
export async function freePort(env: Record<string, string | undefined> = process.env): Promise<number> {
  const worker = Number(env.VITEST_POOL_ID);
  const shares = (PORT_BLOCK - DYNAMIC_FIRST) / DYNAMIC_SHARE;
  if (!Number.isInteger(worker) || worker < 1 || worker > shares) return osFreePort();
  const first = portBase(env) + DYNAMIC_FIRST + (worker - 1) * DYNAMIC_SHARE;
  for (let tried = 0; tried < DYNAMIC_SHARE; tried++) {
    const port = first + (handedOut++ % DYNAMIC_SHARE);
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port among ${first}–${first + DYNAMIC_SHARE - 1} (this worker's share)`);
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function osFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}
