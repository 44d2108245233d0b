import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import {
  closeOutcomeChannel,
  listenForOutcomes,
  publishOutcome,
  waitForOutcome,
} from "@/lib/messages/send-outcome-channel";
import { readyRedis, redis } from "@/lib/redis";

/**
 * The outcome of a send travels on the requesting process's own channel, against the tests'
 * real Redis: one PUBLISH per outcome, heard by that process only.
 */

afterAll(async () => {
  await closeOutcomeChannel();
  await redis().quit();
});

const sent = { status: "sent" as const, whatsappMessageId: "wamid.test", sentAt: "2026-11-24T08:00:00.000Z" };

describe("send outcome channel", () => {
  it("delivers the worker's outcome to the waiting request, by message id", async () => {
    const channel = await listenForOutcomes();
    const messageId = randomUUID();
    const wait = waitForOutcome(messageId, 10_000);
    await publishOutcome(await readyRedis(), channel, randomUUID(), { status: "unknown" }); // another send's
    await publishOutcome(await readyRedis(), channel, messageId, sent);
    expect(await wait.outcome).toEqual(sent);
  });

  it("publishes each outcome on the requesting process's channel only, not to every process", async () => {
    const channel = await listenForOutcomes();
    const spy = new Redis(process.env.REDIS_URL ?? "");
    const heard: string[] = [];
    await spy.psubscribe("{sends}:outcome:*");
    spy.on("pmessage", (_pattern: string, name: string) => heard.push(name));
    const other = `{sends}:outcome:another-host:1:${randomUUID()}`;
    await spy.subscribe(other);
    const messageId = randomUUID();
    const wait = waitForOutcome(messageId, 10_000);
    await publishOutcome(await readyRedis(), channel, messageId, sent);
    await wait.outcome;
    // the pattern subscriber sees exactly one message, on the requester's channel (other test
    // stacks on this Redis server may publish on their own channels meanwhile: left out)
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.filter((name) => name === channel || name === other)).toEqual([channel]);
    await spy.quit();
  });

  it("answers null when no outcome comes in time, and ignores channels that are not outcome channels", async () => {
    const messageId = randomUUID();
    const wait = waitForOutcome(messageId, 200);
    await publishOutcome(await readyRedis(), "some-other-channel", messageId, sent);
    expect(await wait.outcome).toBeNull();
  });
});
