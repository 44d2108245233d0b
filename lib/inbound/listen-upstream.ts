import "#server-only";
import pg from "pg";
import { config } from "@/lib/config";
import {
  claimNotification,
  processStoredNotification,
  type StoredNotification,
} from "@/lib/inbound/process-notification";
import { upstreamChannel } from "@/lib/inbound/upstream-channel";
import { logger } from "@/lib/logger";
import { countInbound } from "@/lib/metrics/record";

export type UpstreamListener = { stop: () => Promise<void> };

const RECONNECT_MS = { first: 500, max: 5_000 };
/** ids a (re)connected listener takes at most of those stored while it did not listen */
const CATCH_UP = 10_000;

/**
 * The worker's side of the web's NOTIFY (lib/inbound/receive-notification.ts): one connection of
 * its own LISTENs; each id heard is claimed, read and processed here, at most `concurrency` at
 * once, without a queued job. Every worker listening hears every id and the claim gives each to
 * one. Each time it (re)connects it also takes what was stored for its channel while no worker
 * listened (a deploy, PostgreSQL restarting). What fails is left unprocessed for the sweeper,
 * which queues it as a job (retried with backoff) after a minute. `stop` stops listening and
 * waits for the ids already heard.
 */
export function listenForUpstream(options: { concurrency: number }): UpstreamListener {
  const channel = upstreamChannel();
  const heard: string[] = [];
  const running = new Set<Promise<void>>();
  let client: pg.Client | null = null;
  let stopping = false;
  let retryMs = RECONNECT_MS.first;
  let retry: NodeJS.Timeout | undefined;
  let idle: (() => void) | null = null;

  function pump(): void {
    while (heard.length > 0 && running.size < options.concurrency) {
      const id = heard.shift() as string;
      const run = take(id).finally(() => {
        running.delete(run);
        pump();
      });
      running.add(run);
    }
    if (heard.length === 0 && running.size === 0) idle?.();
  }

  // notifications of one conversation are processed in the order they were heard (a message
  // before its edit or revoke): each waits for the one before it of the same key, which it finds
  // by taking its place in `order` only once every id heard before it has been claimed
  const lastOfKey = new Map<string, Promise<void>>();
  let order: Promise<void> = Promise.resolve();

  function take(id: string): Promise<void> {
    const claimed = claimNotification(id);
    // awaited only once every claim before it is placed: a claim failing before then (the database
    // going away) would be an unhandled rejection meanwhile, which ends the worker process
    // (`npm run topology` saw both workers exit when PgBouncer restarted)
    claimed.catch(() => undefined);
    const placed = order.then(async () => {
      const row = await claimed;
      if (!row) return null; // another worker took it, or it is processed
      const key = conversationKey(row.payload);
      const run = (lastOfKey.get(key) ?? Promise.resolve()).then(() => process(id, row));
      lastOfKey.set(key, run);
      void run.then(() => {
        if (lastOfKey.get(key) === run) lastOfKey.delete(key);
      });
      return { run }; // wrapped: `order` waits for the claim, not for the processing
    });
    order = placed.then(
      () => undefined,
      () => undefined,
    );
    return placed.then(
      (placedRun) => placedRun?.run,
      (error: unknown) => failed(id, error),
    );
  }

  async function process(id: string, row: StoredNotification): Promise<void> {
    try {
      await processStoredNotification(id, row);
      countInbound("processed");
    } catch (error) {
      failed(id, error);
    }
  }

  function failed(id: string, error: unknown): void {
    countInbound("failed");
    logger.warn(
      { err: String(error), notificationId: id },
      "upstream notification failed; the sweeper queues it again",
    );
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      // LISTEN is session state: past a pooler in transaction mode it needs a direct connection
      connectionString: config().DATABASE_LISTEN_URL ?? config().DATABASE_URL,
      connectionTimeoutMillis: 5_000,
    });
    next.on("notification", (message) => {
      if (message.channel !== channel || !message.payload) return;
      heard.push(...message.payload.split(","));
      pump();
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("connection ended")));
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
      // listening first: a notification stored meanwhile is heard, or found here, or both (one claim wins)
      const missed = await next.query<{ id: string }>(
        `SELECT id::text FROM upstream_notifications
         WHERE processed_at IS NULL AND claimed_at IS NULL AND wake_channel = $1
         ORDER BY received_at LIMIT ${CATCH_UP}`,
        [channel],
      );
      heard.push(...missed.rows.map((r) => r.id));
      pump();
    } catch (error) {
      lost(next, error);
      return;
    }
    if (stopping) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RECONNECT_MS.first;
    logger.info({ channel }, "listening for upstream notifications");
  }

  function lost(which: pg.Client, error: unknown): void {
    if (client === which) client = null;
    which.removeAllListeners("end");
    which.end().catch(() => undefined);
    if (stopping || retry) return;
    logger.warn({ err: String(error), retryInMs: retryMs }, "upstream listener lost its connection");
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MS.max);
  }

  void connect();

  return {
    async stop() {
      stopping = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners("end");
        await current.end().catch(() => undefined);
      }
      if (heard.length > 0 || running.size > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
}

/**
 * The conversation a notification belongs to, for ordering: the business number and the
 * customer of its first change (a message's sender, a status's recipient); "" for other kinds.
 */
export function conversationKey(payload: unknown): string {
  const value = (payload as { entry?: { changes?: { value?: unknown }[] }[] } | null)?.entry?.[0]
    ?.changes?.[0]?.value as
    | {
        metadata?: { phone_number_id?: unknown };
        messages?: { from?: unknown }[];
        statuses?: { recipient_id?: unknown }[];
      }
    | undefined;
  const number = String(value?.metadata?.phone_number_id ?? "");
  const customer = String(value?.messages?.[0]?.from ?? value?.statuses?.[0]?.recipient_id ?? "");
  return `${number}:${customer}`;
}
