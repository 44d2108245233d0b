import "#server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { config } from "@/lib/config";
import { rawQuery } from "@/lib/db";
import { conversationKey, ownsNotification } from "@/lib/inbound/notification-owner";
import {
  claimHeard,
  claimNotification,
  heardSole,
  processStoredNotification,
  type StoredNotification,
} from "@/lib/inbound/process-notification";
import { upstreamChannel } from "@/lib/inbound/upstream-channel";
import { readWake, type Wake } from "@/lib/inbound/wake-message";
import { logger } from "@/lib/logger";
import { countInbound } from "@/lib/metrics/record";

export type UpstreamListener = {
  stop: () => Promise<void>;
  /** its name among its channel's listeners (its connection's application_name) */
  name: string;
  /** the listeners of its channel as this one last saw them (their application names, sorted) */
  listeners: () => readonly string[];
  /**
   * notifications it took: `taken` in all, of which `claimed` by a claim (its own at once, others'
   * found unclaimed after the grace period) and the rest from the payload heard (a sole message or
   * status: process-notification.ts heardSole); of the claimed, `read` by a claim that read the
   * payload back (heard by its id alone, or past the held payloads' bound), the others processed
   * from the payload heard (claimHeard); and its checks of others'
   */
  counts: () => { taken: number; claimed: number; read: number; checks: number };
};

const RECONNECT_MS = { first: 500, max: 5_000 };
/** ids a (re)connected listener takes at most of those stored while it did not listen */
const CATCH_UP = 10_000;
/** how long the listeners seen stay current (read again when a notification is heard after that) */
const LISTENERS_TTL_MS = 5_000;
/** how long a worker leaves another worker's notifications to it before checking they were taken */
const GRACE_MS = 2_000;
/**
 * payloads heard and kept while they wait for a slot, at most (up to 7.9 KB each: about 8 MB); past
 * that a worker behind keeps the ids only and reads those payloads with the claim, so that a backlog
 * costs a worker memory by ids (36 bytes each), as before payloads were heard
 */
const MAX_HELD_PAYLOADS = 1_000;

/**
 * The worker's side of the web's NOTIFY (lib/inbound/receive-notification.ts): one connection of
 * its own LISTENs; each notification heard is processed here, at most `concurrency` at once,
 * without a queued job: one heard with its payload that holds one message or one status alone
 * straight from that payload (its processed mark is in the statement that writes it), any other
 * heard with its payload claimed first and processed from that payload, one heard by its id
 * alone claimed and read first. Every worker listening hears every id and the claim gives each to
 * one; a worker claims at once only the ids its share names (lib/inbound/notification-owner.ts:
 * the listeners are the connections whose application name starts with the channel's, as
 * pg_stat_activity lists them, read again at most every LISTENERS_TTL_MS while notifications
 * come). GRACE_MS later it reads the listeners again and, of the others' ids, claims those the
 * listeners now give to it (their owner stopped listening: died, lost its connection) and that
 * one statement finds unclaimed. Each time it (re)connects it also takes what was stored for its channel while no worker
 * listened (a deploy, PostgreSQL restarting). What fails is left unprocessed for the sweeper,
 * which queues it as a job (retried with backoff) after a minute. `stop` stops listening and
 * waits for the ids already heard.
 */
export function listenForUpstream(options: {
  concurrency: number;
  /** LISTENERS_TTL_MS, GRACE_MS and MAX_HELD_PAYLOADS unless given (tests) */
  listenersTtlMs?: number;
  graceMs?: number;
  maxHeldPayloads?: number;
}): UpstreamListener {
  const ttlMs = options.listenersTtlMs ?? LISTENERS_TTL_MS;
  const graceMs = options.graceMs ?? GRACE_MS;
  const maxHeldPayloads = options.maxHeldPayloads ?? MAX_HELD_PAYLOADS;
  const channel = upstreamChannel();
  // this listener's name among its channel's (PostgreSQL's application_name: at most 63 bytes)
  const self = `${channel}:${randomUUID().slice(0, 12)}`;
  let listeners: string[] = [];
  let listenersAt = 0;
  let reading = false;
  const deferred: { id: string; at: number }[] = [];
  let deferTimer: NodeJS.Timeout | undefined;
  const counts = { taken: 0, claimed: 0, read: 0, checks: 0 };
  const heard: Wake[] = [];
  let heldPayloads = 0;
  const running = new Set<Promise<void>>();
  let client: pg.Client | null = null;
  let stopping = false;
  let retryMs = RECONNECT_MS.first;
  let retry: NodeJS.Timeout | undefined;
  let idle: (() => void) | null = null;

  function pump(): void {
    while (heard.length > 0 && running.size < options.concurrency) {
      const wake = heard.shift() as Wake;
      if (wake.payload !== undefined) heldPayloads--;
      const run = take(wake).finally(() => {
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

  function hear(wakes: Wake[]): void {
    if (Date.now() - listenersAt >= ttlMs) void readListeners();
    for (const wake of wakes) {
      if (ownsNotification(wake.id, self, listeners)) {
        if (wake.payload !== undefined && heldPayloads < maxHeldPayloads) {
          heldPayloads++;
          heard.push(wake);
        } else heard.push({ id: wake.id });
      }
      // an orphan is claimed (its owner may yet be at it): its payload is not kept
      else deferred.push({ id: wake.id, at: Date.now() });
    }
    pump();
    checkLater();
  }

  async function readListeners(): Promise<void> {
    const current = client;
    if (!current || reading) return;
    reading = true;
    try {
      const { rows } = await current.query<{ name: string }>(
        `SELECT application_name AS name FROM pg_stat_activity
         WHERE datname = current_database() AND left(application_name, $2) = $1`,
        [`${channel}:`, channel.length + 1],
      );
      listeners = rows.map((r) => r.name).sort();
      listenersAt = Date.now();
    } catch (error) {
      // claims everything heard meanwhile, as a worker alone does
      listeners = [];
      logger.warn({ err: String(error) }, "could not read the upstream listeners");
    } finally {
      reading = false;
    }
  }

  function checkLater(): void {
    if (deferTimer || deferred.length === 0 || stopping) return;
    const wait = (deferred[0] as { at: number }).at + graceMs - Date.now();
    deferTimer = setTimeout(
      () => {
        deferTimer = undefined;
        void checkDeferred().finally(checkLater);
      },
      Math.max(0, wait),
    );
  }

  /**
   * Others' ids heard graceMs ago or more: those whose owner no longer listens, and that the
   * listeners as read now give to this one, are claimed here if nobody took them. A live owner
   * keeps its own even when it is behind (a backlog is not taken twice); a stuck one's are the
   * sweeper's after a minute, as before.
   */
  async function checkDeferred(): Promise<void> {
    const due: string[] = [];
    while (deferred.length > 0 && (deferred[0] as { at: number }).at + graceMs <= Date.now()) {
      due.push((deferred.shift() as { id: string }).id);
    }
    if (due.length === 0 || stopping) return;
    counts.checks++;
    if (Date.now() - listenersAt >= ttlMs) await readListeners();
    const orphans = due.filter((id) => ownsNotification(id, self, listeners));
    if (orphans.length === 0) return;
    try {
      const rows = await rawQuery<{ id: string }[]>`
        SELECT id::text FROM upstream_notifications
        WHERE id = ANY (${orphans}::uuid[]) AND claimed_at IS NULL AND processed_at IS NULL`;
      const unclaimed = new Set(rows.map((r) => r.id));
      // in the order heard
      heard.push(...orphans.filter((id) => unclaimed.has(id)).map((id) => ({ id })));
      pump();
    } catch (error) {
      logger.warn(
        { err: String(error), notifications: orphans.length },
        "could not check other workers' notifications; the sweeper queues any left",
      );
    }
  }

  function take({ id, payload }: Wake): Promise<void> {
    counts.taken++;
    const sole = payload === undefined ? null : heardSole(payload);
    if (!sole) counts.claimed++;
    if (payload === undefined) counts.read++;
    const claimed = sole
      ? Promise.resolve(sole)
      : payload === undefined
        ? claimNotification(id)
        : claimHeard(id).then((taken) => (taken ? { payload, prefetched: null } : null));
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
      // how the other listeners of the channel see this one (readListeners)
      application_name: self,
    });
    next.on("notification", (message) => {
      if (message.channel !== channel || !message.payload) return;
      hear(readWake(message.payload));
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
      heard.push(...missed.rows.map((r) => ({ id: r.id })));
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
    await readListeners();
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
      // others' ids are their owners' (or, after a minute, the sweeper's)
      clearTimeout(deferTimer);
      deferred.length = 0;
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners("end");
        await current.end().catch(() => undefined);
      }
      if (heard.length > 0 || running.size > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
    name: self,
    listeners: () => listeners,
    counts: () => ({ ...counts }),
  };
}
