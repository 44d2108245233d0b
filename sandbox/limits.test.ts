import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphErrorOf, type Harness, PHONE_NUMBER_ID, startHarness, TOKEN } from "@/sandbox/test-support";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    enforce_window: false,
    status_delays_ms: { sent: null, delivered: null, read: null },
  });
});
afterAll(() => h.close());

const text = (to: string) => ({ to, type: "text", text: { body: "hi" } });

describe("throughput (130429) and pair rate limit (131056)", () => {
  it("refuses sends above the number's throughput and recovers within a second", async () => {
    await h.call("PUT", `/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
      waba_id: "102290129340398",
      display_phone_number: "+1 555-078-3881",
      access_token: TOKEN,
      throughput_per_second: 5,
    });
    // 20 at once against 5 a second: on a loaded machine they may arrive over more than one
    // second, so the counts are bounds, not exact (no test reads the wall clock)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.send(text(`1650555${1000 + i}`))),
    );
    const refused = answers.filter((a) => a.status !== 200);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(5);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((a) => a.status === 400)).toBe(true);
    expect(refused[0]?.body).toMatchObject({
      error: {
        message: "(#130429) Rate limit hit",
        code: 130429,
        error_data: { details: "Cloud API message throughput has been reached." },
      },
    });
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await h.send(text("16505559999"))).status).toBe(200);
  });

  it("refuses more than the burst to one recipient", async () => {
    await h.call("PUT", `/_sandbox/phone-numbers/${PHONE_NUMBER_ID}`, {
      waba_id: "102290129340398",
      display_phone_number: "+1 555-078-3881",
      access_token: TOKEN,
    });
    await h.call("PUT", "/_sandbox/app", { pair_rate_limit: { burst: 2, interval_ms: 6000 } });
    expect((await h.send(text("16505550001"))).status).toBe(200);
    expect((await h.send(text("16505550001"))).status).toBe(200);
    const third = await h.send(text("16505550001"));
    expect(graphErrorOf(third)).toMatchObject({ code: 131056 });
    expect((await h.send(text("16505550002"))).status).toBe(200);
    await h.call("PUT", "/_sandbox/app", { pair_rate_limit: null });
    expect((await h.send(text("16505550001"))).status).toBe(200);
  });
});
