import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { sweepDeliveries } from "@/lib/maintenance/sweep-deliveries";
import { closeQueues, enqueue } from "@/lib/queues";
import { recreateDatabase } from "@/scripts/lib/database";
import { applyMigrations } from "@/scripts/migrate";
import { TEST_ENV } from "@/scripts/test/env";
import { apiAt, createTestOrg, pollUntil, randomPhone } from "@/scripts/test/helpers";
import { type Proc, startProcess, stopProcess, waitFor } from "@/scripts/test/processes";
import { type Stack, stackEnv, startStack } from "@/scripts/test/stack";
import { TestReceiver } from "@/scripts/test/test-receiver";

/**
 * A stack of its own (web + two workers) on a Redis database and a PostgreSQL database of its
 * own, so that FLUSHDB and a second worker here change nothing for the files running beside this
 * one. Its own PostgreSQL database too: a worker's sweepers act on every row they see, and with the
 * shared test database these workers queued another file's running broadcast in this Redis, where
 * that file's held share of broadcast drivers did not exist, and drove it (CI: fairness test).
 * This test process uses the same two databases, so the sweeper it calls and the jobs it adds
 * reach those workers.
 */
const redisUrl = new URL(TEST_ENV.redisUrl);
redisUrl.pathname = `/${(Number(redisUrl.pathname.slice(1) || 0) + 8) % 16}`;
process.env.REDIS_URL = redisUrl.toString();
const databaseUrl = new URL(TEST_ENV.databaseUrl);
databaseUrl.pathname = `${databaseUrl.pathname}_resilience`;
process.env.DATABASE_URL = databaseUrl.toString();

const redis = new Redis(redisUrl.toString());
const proxiedRedis = new URL(redisUrl);
proxiedRedis.hostname = "127.0.0.1";
proxiedRedis.port = String(TEST_ENV.resilienceRedisProxyPort);
const options = {
  webPort: TEST_ENV.resilienceWebPort,
  pgProxyPort: TEST_ENV.resiliencePgProxyPort,
  redisProxyPort: TEST_ENV.resilienceRedisProxyPort,
  env: { REDIS_URL: proxiedRedis.toString() },
  databaseUrl: databaseUrl.toString(),
};
let stack: Stack;
let secondWorker: Proc;

beforeAll(async () => {
  await recreateDatabase(databaseUrl.toString(), "resilience");
  await applyMigrations(databaseUrl.toString());
  await redis.flushdb();
  stack = await startStack(options);
  secondWorker = startProcess("worker-2", process.execPath, ["--import", "tsx", "worker/index.ts"], {
    ...stackEnv(options),
    LOG_LEVEL: "info",
  });
  await waitFor(async () => secondWorker.output.join("").includes("worker started"), "the second worker");
}, 120_000);

afterAll(async () => {
  if (secondWorker) await stopProcess(secondWorker);
  await stack?.stop();
  await closeQueues();
  redis.disconnect();
});

async function newWebhook(key: string, url: string): Promise<string> {
  const body = { url, events: ["contact.created"] };
  const res = await apiAt(stack.baseUrl, "/v1/webhooks", { method: "POST", key, body });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

describe("Redis flushed while deliveries wait for their retry", () => {
  it("nothing moves until the sweeper requeues them; then each is delivered exactly once", async () => {
    const hook = await TestReceiver.start();
    let up = false;
    hook.answer = () => ({ status: up ? 200 : 503 });
    const { key, orgId } = await createTestOrg();
    const where = { webhookId: await newWebhook(key, hook.url) };
    for (let i = 0; i < 4; i++) {
      const res = await apiAt(stack.baseUrl, "/v1/contacts", {
        method: "POST",
        key,
        body: { phone: randomPhone() },
      });
      expect(res.status).toBe(201);
    }
    await pollUntil(
      () => db().delivery.findMany({ where }),
      (d) => d.length === 4 && d.every((x) => x.attemptCount >= 3),
      20_000,
    );
    // flushed twice: an attempt that was in flight at the first flush queues its retry after it
    await redis.flushdb();
    await new Promise((r) => setTimeout(r, 1_000));
    await redis.flushdb();
    up = true;
    const before = await db().delivery.findMany({ where, orderBy: { id: "asc" } });
    const due = Math.max(...before.map((r) => r.nextAttemptAt?.getTime() ?? 0));
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now()) + 2_000));

    const stalled = await db().delivery.findMany({ where, orderBy: { id: "asc" } });
    expect(stalled.map((d) => [d.status, d.attemptCount])).toEqual(
      before.map((d) => ["pending", d.attemptCount]),
    );
    expect(hook.received.every((r) => r.status === 503)).toBe(true);

    // only this organization: other files' deliveries keep their jobs in the shared stack's Redis
    const swept = await sweepDeliveries({ graceMs: 1_000, organizationId: orgId });
    expect(swept).toEqual({ overdue: 4, requeued: 4 });
    // a second run finds the jobs it added (or the deliveries done): no duplicates
    expect((await sweepDeliveries({ graceMs: 1_000, organizationId: orgId })).requeued).toBe(0);
    const done = await pollUntil(
      () => db().delivery.findMany({ where }),
      (d) => d.every((x) => x.status === "succeeded"),
      15_000,
    );
    const attempts = new Map(before.map((d) => [d.id, d.attemptCount + 1]));
    expect(done.map((d) => d.attemptCount)).toEqual(done.map((d) => attempts.get(d.id)));
    for (const d of done) expect(hook.of(d.id).filter((r) => r.status === 200)).toHaveLength(1);
    await hook.down();
  }, 60_000);
});

describe("two workers and many jobs for the same attempt", () => {
  it("send each delivery exactly once: the attempt is claimed in PostgreSQL", async () => {
    const hook = await TestReceiver.start();
    hook.answer = () => ({ status: 200, delayMs: 200 });
    const { key, orgId } = await createTestOrg();
    await newWebhook(key, hook.url);
    // events written as the outbox does, without their jobs: the test adds six jobs for each
    const ids = await db().$transaction(async (tx) => {
      const all: string[] = [];
      for (let i = 0; i < 8; i++) {
        all.push(
          ...(await recordEvent(tx, orgId, "contact.created", {
            contactId: randomUUID(),
            phone: null,
            name: `c${i}`,
            email: null,
            channelId: null,
            timestamp: new Date().toISOString(),
          })),
        );
      }
      return all;
    });
    expect(ids).toHaveLength(8);
    await Promise.all(
      ids.flatMap((deliveryId) =>
        Array.from({ length: 6 }, (_, k) =>
          enqueue("deliveries", { deliveryId }, { jobId: `${deliveryId}-dup-${k}` }),
        ),
      ),
    );
    const done = await pollUntil(
      () => db().delivery.findMany({ where: { id: { in: ids } } }),
      (d) => d.every((x) => x.status === "succeeded"),
      15_000,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(done.map((d) => d.attemptCount)).toEqual(ids.map(() => 1));
    for (const id of ids) expect(hook.of(id), id).toHaveLength(1);
    expect(await db().deliveryAttempt.count({ where: { deliveryId: { in: ids } } })).toBe(ids.length);
    await hook.down();
  }, 60_000);
});
