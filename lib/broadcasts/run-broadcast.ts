import "#server-only";
import { randomUUID } from "node:crypto";
import { claimBatch } from "@/lib/broadcasts/claim-batch";
import { completeIfDone } from "@/lib/broadcasts/complete-broadcast";
import { pauseOnFailures } from "@/lib/broadcasts/pause-on-failures";
import { findBroadcastStatus } from "@/lib/broadcasts/repository/broadcasts";
import { nextRecipientRetry, releaseRecipients } from "@/lib/broadcasts/repository/sending";
import { sendBroadcastBatch } from "@/lib/broadcasts/send-broadcast-batch";
import { type RunResult, type Started, startIfDue } from "@/lib/broadcasts/start-if-due";
import { effectiveThroughput } from "@/lib/channels/effective-throughput";
import { slowBroadcasts, takeBroadcastSlots } from "@/lib/cloud-api/broadcast-throughput";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { queue } from "@/lib/queues";
import { readyRedis } from "@/lib/redis";
import { acquireOrgSlot, releaseOrgSlot } from "@/lib/webhooks/org-slots";

const TICK_MS = 100;
/** At most this many a tick: half a second of a 1,000/s channel, so a slow tick (a loaded machine) does not cap the rate. */
const MAX_BATCH = 500;
const MAX_IN_FLIGHT = 800;
/** Recipients claimed ahead: about this long at the channel's rate (a claim runs while a batch sends). */
const PREFETCH_MS = 200;
/** Claims under way at once: a claim (messages written, conversations found) takes longer than a tick's sends. */
const CLAIMS_AT_ONCE = 2;
/**
 * A driver gives its worker slot back this often when another broadcast's job waits for one, so
 * that many broadcasts share the workers; with none waiting it keeps its slot while it has work.
 */
const MAX_RUN_MS = 30_000;
const STATUS_CHECK_MS = 1_000;
const IDLE_RECHECK_MS = 5_000;
/** A wait for throughput slots longer than this is spent delayed, not in a worker slot. */
const GIVE_BACK_AFTER_MS = 250;

let stopping = false;

/** The worker is shutting down: drivers stop taking batches and give their turn back. */
export function stopBroadcastDrivers(): void {
  stopping = true;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Drives one broadcast, in one of its organization's share of drivers (BROADCAST_ORG_SHARE
 * across all workers, lib/webhooks/org-slots.ts: the deliveries' mechanism in a pool of its
 * own); with the share full it asks to run again in a moment, so an organization with many
 * broadcasts never holds every worker slot. Every TICK_MS it asks the channel's limiter for the
 * slots that tick is worth, at the rate a single send is paced at (effectiveThroughput: 20/s on
 * a coexistence number), and sends that many of the recipients it claimed ahead (their messages
 * written in one transaction, about PREFETCH_MS of the channel's rate claimed while the last
 * batch sends, so a tick never waits for a claim), up to MAX_IN_FLIGHT at once. It stops at a
 * pause or cancel (checked when a turn starts and every second), when nothing is left (the
 * broadcast completes), when what is left is not due yet, when the channel has no slot for longer
 * than GIVE_BACK_AFTER_MS (a slow channel, a slowed-down share), or after MAX_RUN_MS when another
 * broadcast's job waits for a worker slot: it asks to run again then. Recipients claimed ahead
 * and not sent when it stops are made due again at once.
 */
export async function runBroadcast(organizationId: string, broadcastId: string): Promise<RunResult> {
  const start = await startIfDue(organizationId, broadcastId);
  if ("next" in start) return start;
  const token = randomUUID();
  if (!(await acquireOrgSlot(organizationId, token, "broadcasts"))) {
    return { next: "later", at: Date.now() + 1_000 + Math.floor(Math.random() * 1_000) };
  }
  try {
    return await drive(start, token);
  } finally {
    await releaseOrgSlot(organizationId, token, "broadcasts").catch(() => undefined);
  }
}

async function drive({ broadcast, channel }: Started, token: string): Promise<RunResult> {
  const { id: broadcastId, organizationId } = broadcast;
  const redis = await readyRedis();
  const inFlight = new Set<Promise<void>>();
  let deadline = Date.now() + MAX_RUN_MS;
  let lastTick = Date.now() - TICK_MS;
  // 0: the first pass checks before anything is claimed. A turn on a slow channel (under 9 a
  // second) or on a loaded machine gives its slot back within a second, every turn: checked only
  // a second into a turn, such a broadcast was never judged and failed every customer
  let lastCheck = 0;
  let sending = 0;
  let result: RunResult | null = null;
  const perSecond = effectiveThroughput(channel);
  // the next recipients, claimed (their messages stored `queued`) while the last batch sends
  const claimSize = Math.min(MAX_BATCH, Math.max(1, Math.ceil((perSecond * PREFETCH_MS) / 1000)));
  const ready: string[] = [];
  const claiming = new Set<Promise<void>>();
  let claimError: unknown = null;
  let exhausted = false;
  // where the turn's time went, logged when it ends (bench:broadcast reads it)
  const turn = { started: Date.now(), sent: 0, claimWaitMs: 0, slotWaitMs: 0, fullWaitMs: 0, ticks: 0 };
  // up to CLAIMS_AT_ONCE claims run together (SKIP LOCKED gives each other recipients), each of
  // claimSize, until PREFETCH_MS of the channel's rate is claimed or under way
  const prefetch = () => {
    while (
      claiming.size < CLAIMS_AT_ONCE &&
      !exhausted &&
      !claimError &&
      ready.length + claiming.size * claimSize < claimSize * CLAIMS_AT_ONCE
    ) {
      const claim: Promise<void> = claimBatch(broadcast, claimSize)
        .then(
          (ids) => {
            if (ids.length === 0) exhausted = true;
            ready.push(...ids);
          },
          (err: unknown) => {
            claimError = err;
          },
        )
        .finally(() => {
          claiming.delete(claim);
        });
      claiming.add(claim);
    }
  };
  try {
    while (result === null) {
      if (stopping) {
        result = { next: "later", at: Date.now() };
      } else if (Date.now() > deadline) {
        // a driver with work keeps its worker slot unless another broadcast waits for one
        if (await othersWaiting()) result = { next: "later", at: Date.now() };
        else deadline = Date.now() + MAX_RUN_MS;
      } else if (Date.now() - lastCheck > STATUS_CHECK_MS) {
        lastCheck = Date.now();
        // a broadcast failing for most customers with one error stops itself and says why (issue 29)
        const paused = await pauseOnFailures(organizationId, broadcastId);
        if (paused || (await findBroadcastStatus(organizationId, broadcastId)) !== "running") {
          // from here no recipient is claimed; the sends already claimed finish below
          logger.info(
            { broadcastId, inFlight: sending },
            "broadcast paused or cancelled: its driver claims no more",
          );
          result = { next: "done" };
        }
      } else if (sending >= MAX_IN_FLIGHT) {
        const t = Date.now();
        await Promise.race(inFlight);
        turn.fullWaitMs += Date.now() - t;
      } else {
        prefetch();
        if (ready.length === 0) {
          if (claiming.size > 0) {
            const t = Date.now();
            await Promise.race(claiming);
            turn.claimWaitMs += Date.now() - t;
            continue;
          }
          if (claimError) throw claimError;
          // nothing left to claim now
          await Promise.allSettled(inFlight);
          result = (await completeIfDone(organizationId, broadcastId))
            ? { next: "done" }
            : { next: "later", at: await nextDue(organizationId, broadcastId) };
          continue;
        }
        await sleep(lastTick + TICK_MS - Date.now());
        const now = Date.now();
        const want = Math.min(
          ready.length,
          MAX_BATCH,
          Math.max(1, Math.ceil((perSecond * (now - lastTick)) / 1000)),
        );
        lastTick = now;
        const { granted, waitMs } = await takeBroadcastSlots(
          redis,
          channel.id,
          perSecond,
          want,
          `${token}:${now}`,
        );
        if (granted === 0 && waitMs > GIVE_BACK_AFTER_MS) {
          // a slow channel: the wait is spent delayed, the worker slot goes to another broadcast
          result = { next: "later", at: Date.now() + waitMs };
          continue;
        }
        turn.ticks++;
        if (granted === 0) {
          turn.slotWaitMs += waitMs;
          await sleep(waitMs);
          continue;
        }
        const ids = ready.splice(0, granted);
        turn.sent += ids.length;
        sending += ids.length;
        const p: Promise<void> = send(channel, ids).finally(() => {
          sending -= ids.length;
          inFlight.delete(p);
        });
        inFlight.add(p);
        prefetch();
      }
    }
  } finally {
    await Promise.allSettled(claiming);
    // claimed ahead but not sent (a pause, a cancel, a turn given back): due again at once
    // instead of after the sweeper's orphan delay
    await releaseUnsent(organizationId, broadcastId, ready.splice(0));
    await Promise.allSettled(inFlight);
    logger.info(
      { broadcastId, ...turn, ms: Date.now() - turn.started, next: result?.next },
      "broadcast driver turn",
    );
  }
  return result;
}

/** Whether another broadcast's job waits for a worker slot (then this driver gives its own back). */
async function othersWaiting(): Promise<boolean> {
  try {
    return (await queue("broadcasts").getWaitingCount()) > 0;
  } catch {
    return true; // Redis away: give the slot back as before
  }
}

/** Recipients claimed by a driver that stopped before sending them: due again now. */
async function releaseUnsent(
  organizationId: string,
  broadcastId: string,
  messageIds: string[],
): Promise<void> {
  if (messageIds.length === 0) return;
  await releaseRecipients(organizationId, broadcastId, messageIds).catch((err: unknown) =>
    // the sweeper revives them (sweep-broadcasts.ts: stored, never claimed, 30 s old)
    logger.warn(
      { broadcastId, count: messageIds.length, err: String(err) },
      "unsent recipients not released",
    ),
  );
}

async function send(channel: Channel, ids: string[]): Promise<void> {
  let throttled = false;
  try {
    ({ throttled } = await sendBroadcastBatch(channel, ids));
  } catch (err) {
    // our own bookkeeping failed (database away): the sweeper makes the recipients due again
    logger.warn({ count: ids.length, err: String(err) }, "broadcast batch not settled");
    return;
  }
  if (throttled) {
    const share = await slowBroadcasts(await readyRedis(), channel.id).catch(() => null);
    logger.info(
      { channelId: channel.id, share },
      "upstream throughput reached (130429): broadcasts slow down",
    );
  }
}

/** When the first put-back recipient is due again (or a recheck, when only sends in doubt remain). */
async function nextDue(organizationId: string, broadcastId: string): Promise<number> {
  const due = await nextRecipientRetry(organizationId, broadcastId);
  const recheck = Date.now() + IDLE_RECHECK_MS;
  return due ? Math.min(due.getTime(), recheck) : recheck;
}
