/**
 * A running broadcast whose channel is deactivated pauses and says why (`pause.by:
 * "channel_inactive"`, one broadcast.paused each time), instead of a bare `paused` that read like a
 * person's pause and emitted nothing. Resumed on the still inactive channel it pauses again; once
 * the number is added again (the channel reactivated), resumed, it completes, each customer once.
 */
import { describe, expect, it } from "vitest";
import { createChannel } from "@/lib/channels/create-channel";
import { deactivateChannel } from "@/lib/channels/deactivate-channel";
import {
  control,
  createBroadcast,
  pausedEvents,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { randomPhone, SANDBOX_URL } from "@/scripts/test/helpers";
import { upstreamRequests } from "@/scripts/test/send-helpers";

const RECIPIENTS = 40;

describe("a broadcast whose channel is deactivated", { timeout: 240_000 }, () => {
  it("pauses saying why, pauses again when resumed on it, and completes once the channel is back", async () => {
    // 2 a second: 40 recipients take 20 s, long after the deactivation is seen (the worker's
    // copy of a channel lives 5 s)
    const b = await readyBroadcaster({ throughput: 2 });
    const res = await createBroadcast(b.key, {
      name: "Opening hours",
      template: { name: "plain_notice", language: { code: "en_US" } },
      recipients: Array.from({ length: RECIPIENTS }, () => ({ to: randomPhone() })),
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as string;
    await waitForBroadcast(b.key, id, (x) => x.counts.sent >= 2);

    expect(await deactivateChannel(b.channel.channelId, b.orgId)).not.toBeNull();
    const paused = await waitForBroadcast(b.key, id, (x) => x.status !== "running");
    expect(paused.status).toBe("paused");
    expect(paused.pause).toEqual({
      by: "channel_inactive",
      channelId: b.channel.channelId,
      at: expect.any(String),
    });
    expect(paused.counts.pending).toBeGreaterThan(0);
    const events = await pausedEvents(b.orgId, id);
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({
      broadcastId: id,
      pause: paused.pause,
      counts: { total: RECIPIENTS },
    });

    // resumed while the channel is still inactive: it pauses again, and says so again
    const resumed = await control(b.key, id, "resume");
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.data.pause).toBeNull();
    const again = await waitForBroadcast(b.key, id, (x) => x.status === "paused" && x.pause !== null);
    expect(again.pause.by).toBe("channel_inactive");
    expect(Date.parse(again.pause.at)).toBeGreaterThanOrEqual(Date.parse(paused.pause.at));
    expect(await pausedEvents(b.orgId, id)).toHaveLength(2);

    // the number added again reactivates the same channel; resumed, the rest go out
    const back = await createChannel({
      organizationId: b.orgId,
      name: "back again",
      phoneNumberId: b.channel.phoneNumberId,
      wabaId: b.channel.wabaId,
      accessToken: b.channel.token,
      graphUrl: `${SANDBOX_URL}/v23.0`,
      throughputPerSecond: 2,
    });
    expect(back.id).toBe(b.channel.channelId);
    expect(back.status).toBe("active");
    expect((await control(b.key, id, "resume")).status).toBe(200);
    const done = await waitForBroadcast(b.key, id, (x) => x.status === "completed");
    expect(done.pause).toBeNull();
    expect(done.counts).toMatchObject({ total: RECIPIENTS, pending: 0, failed: 0 });
    const requests = await upstreamRequests(b.channel.phoneNumberId);
    const to = requests.map((r) => r.body.to as string);
    expect(to).toHaveLength(RECIPIENTS);
    expect(new Set(to).size).toBe(RECIPIENTS);
    expect(await pausedEvents(b.orgId, id)).toHaveLength(2);
  });
});
