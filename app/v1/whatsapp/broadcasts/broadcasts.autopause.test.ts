/**
 * A broadcast that fails for most of its customers with one error pauses itself and says why
 * (issue 29): the sandbox failing a header image (131053), and the sandbox refusing most of a
 * broadcast with one code. A resume judges a new window; a broadcast whose failures are spread
 * over many errors, or few, keeps sending.
 *
 * Why it is slow (56 s in a run of `npm test` on a 2-core machine, 2026-12-01): its broadcasts are paced at 10 a second on purpose (below),
 * so that a window of results closes long before the last recipient is claimed: 480 recipients
 * take 48 s to go out.
 */
import { describe, expect, it } from "vitest";
import { ERROR_GUIDE } from "@/lib/cloud-api/upstream-error-guide";
import {
  type Broadcaster,
  control,
  createBroadcast,
  pausedEvents,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { type AnyJson, randomPhone } from "@/scripts/test/helpers";
import { injectFault, unreachableUrl, upstreamRequests } from "@/scripts/test/send-helpers";

// slow enough that a window of 50 results closes long before the last recipient is claimed: at
// 10 a second, 480 recipients take 48 s, and the window closes after about 5 (with 160, a pause
// judged late on a loaded machine once came after the last send)
const THROUGHPUT = 10;
const RECIPIENTS = 480;

async function start(b: Broadcaster, template: unknown, recipients = RECIPIENTS): Promise<string> {
  const res = await createBroadcast(b.key, {
    name: "Spring sale",
    template,
    recipients: Array.from({ length: recipients }, () => ({ to: randomPhone() })),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

const pausedOrDone = (x: AnyJson) => x.status === "paused" || x.status === "completed";

// two or three broadcast waits of up to 60 s in one test: the file's 60 s per test ran out on CI's
// loaded machine (it passed on the second try); the limit guards against a hang
describe("a broadcast failing for most customers pauses itself", { timeout: 240_000 }, () => {
  it("a header image WhatsApp cannot download (131053): paused, with the link in words, one broadcast.paused", async () => {
    const b = await readyBroadcaster({ throughput: THROUGHPUT });
    const link = await unreachableUrl("/spring.jpg");
    const id = await start(b, {
      name: "summer_promo",
      language: { code: "en_US" },
      components: [
        { type: "header", parameters: [{ type: "image", image: { link } }] },
        { type: "body", parameters: [{ type: "text", text: "50%" }] },
        { type: "button", sub_type: "url", index: 1, parameters: [{ type: "text", text: "spring" }] },
      ],
    });
    const paused = await waitForBroadcast(b.key, id, pausedOrDone, 60_000);
    expect(paused.status).toBe("paused");
    expect(paused.pause).toMatchObject({
      by: "failures",
      error: {
        code: "131053",
        message: `WhatsApp could not download the header image at ${link}.`,
        hint: ERROR_GUIDE["131053"]?.next,
      },
    });
    expect(paused.pause.failed).toBeGreaterThanOrEqual(40);
    expect(paused.pause.failed / paused.pause.of).toBeGreaterThanOrEqual(0.8);
    // it stopped: customers were left waiting instead of failed
    expect(paused.counts.pending).toBeGreaterThan(0);
    const upstream = (await upstreamRequests(b.channel.phoneNumberId)).length;
    expect(upstream).toBeLessThan(RECIPIENTS);

    const events = await pausedEvents(b.orgId, id);
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ broadcastId: id, pause: paused.pause });
    expect((await control(b.key, id, "cancel")).status).toBe(200);
  });

  it("the upstream refusing most sends with one code (132015): paused; resumed, it judges a new window and pauses again", async () => {
    const b = await readyBroadcaster({ throughput: THROUGHPUT });
    await injectFault(b.channel.phoneNumberId, { count: 10_000, status: 400, error: { code: 132015 } });
    // two windows of 50 results, each judged up to a second late with sends in flight: on a loaded
    // machine the first pause came late enough that 160 recipients ran out before the second window
    // closed (it completed instead), and 480 did once at a load of 25 (CI beside a second suite,
    // 2026-12-01). 3,000 take five minutes at 10 a second, longer than both waits together: it can
    // only pause or time out, never run out; the unsent ones cost their creation and are cancelled
    const id = await start(b, { name: "plain_notice", language: { code: "en_US" } }, 3_000);
    const first = await waitForBroadcast(b.key, id, pausedOrDone, 60_000);
    expect(first.status).toBe("paused");
    expect(first.pause.error).toEqual({
      code: "132015",
      message: ERROR_GUIDE["132015"]?.meaning,
      hint: ERROR_GUIDE["132015"]?.next,
    });

    const resumed = await control(b.key, id, "resume");
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.data.status).toBe("running");
    expect(resumed.body.data.pause).toBeNull();
    // the failures before the resume do not pause it at once: a new window of 50 results closes first
    const again = await waitForBroadcast(
      b.key,
      id,
      (x) => pausedOrDone(x) && x.counts.failed >= first.counts.failed + 50,
      60_000,
    );
    expect(again.status).toBe("paused");
    expect(again.pause.error.code).toBe("132015");
    expect(Date.parse(again.pause.at)).toBeGreaterThan(Date.parse(first.pause.at));
    expect(await pausedEvents(b.orgId, id)).toHaveLength(2);
    expect((await control(b.key, id, "cancel")).status).toBe(200);
  });

  it("a slow channel (5 a second), whose driver gives its turn back within a second every turn, is judged too", async () => {
    // at 5 a second a turn sends the channel's 4 broadcast slots of the second in 400 ms, then
    // waits 600 ms for the next: more than a driver keeps its worker slot for, so every turn
    // ends within a second. Checked only a second into a turn, this broadcast was never judged
    // (a loaded machine did the same at 10 a second: CI, 2026-12-01, 472 of 480 failed, running)
    const b = await readyBroadcaster({ throughput: 5 });
    await injectFault(b.channel.phoneNumberId, { count: 10_000, status: 400, error: { code: 132015 } });
    // more than the wait can send (at most 5 a second for 60 s): it can only pause or time out
    const id = await start(b, { name: "plain_notice", language: { code: "en_US" } }, 400);
    const paused = await waitForBroadcast(b.key, id, pausedOrDone, 60_000);
    expect(paused.status).toBe("paused");
    expect(paused.pause).toMatchObject({ by: "failures", error: { code: "132015" } });
    expect(paused.pause.failed).toBeGreaterThanOrEqual(40);
    expect(paused.counts.pending).toBeGreaterThan(0);
    expect(await pausedEvents(b.orgId, id)).toHaveLength(1);
    expect((await control(b.key, id, "cancel")).status).toBe(200);
  });

  it("failures spread over many errors, or few failures, do not pause it: it completes, and says how many failed", async () => {
    const b = await readyBroadcaster({ throughput: 40 });
    // 30 of the first results fail, each of two codes: under 80 % of any window of 50
    await injectFault(b.channel.phoneNumberId, { count: 15, status: 400, error: { code: 131026 } });
    await injectFault(b.channel.phoneNumberId, { count: 15, status: 400, error: { code: 131049 } });
    const id = await start(b, { name: "plain_notice", language: { code: "en_US" } }, 160);
    const done = await waitForBroadcast(b.key, id, pausedOrDone, 60_000);
    expect(done.status).toBe("completed");
    expect(done.pause).toBeNull();
    expect(done.counts).toMatchObject({ total: 160, failed: 30, sent: 130, pending: 0 });
    expect(await pausedEvents(b.orgId, id)).toHaveLength(0);
  });
});
