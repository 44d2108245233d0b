import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CUSTOMER_WA_ID,
  graphErrorOf,
  type Harness,
  PHONE_NUMBER_ID,
  startHarness,
  TOKEN,
} from "@/sandbox/test-support";

/** Meta's settings API for calling (sandbox/call-settings.ts): validation, per number, calls refused while off. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const settings = (body: unknown) => h.call("POST", `/v23.0/${PHONE_NUMBER_ID}/settings`, body, TOKEN);
const read = () => h.call("GET", `/v23.0/${PHONE_NUMBER_ID}/settings`, undefined, TOKEN);

const HOURS = {
  status: "ENABLED",
  timezone_id: "America/Manaus",
  weekly_operating_hours: [
    { day_of_week: "MONDAY", open_time: "0400", close_time: "1020" },
    { day_of_week: "MONDAY", open_time: "1100", close_time: "1800" },
  ],
  holiday_schedule: [{ date: "2026-01-01", start_time: "0000", end_time: "2359" }],
};

describe("POST and GET /{phone_number_id}/settings", () => {
  it("keeps the calling object per number, field by field, and answers it on GET", async () => {
    expect((await read()).body).toMatchObject({
      calling: { status: "ENABLED", sip: { status: "DISABLED" } },
    });
    const saved = await settings({ calling: { call_icon_visibility: "DISABLE_ALL", call_hours: HOURS } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true });
    await settings({ calling: { callback_permission_status: "ENABLED" } });
    expect((await read()).body).toEqual({
      calling: {
        status: "ENABLED",
        call_icon_visibility: "DISABLE_ALL",
        callback_permission_status: "ENABLED",
        call_hours: HOURS,
        sip: { status: "DISABLED" },
      },
    });
  });

  it.each([
    [{ calling: { status: "ON" } }, /status/],
    [{ calling: { call_icon_visibility: "HIDDEN" } }, /call_icon_visibility/],
    [{ calling: { call_hours: { ...HOURS, timezone_id: "Mars/Olympus" } } }, /time zone/],
    [{ calling: { call_hours: { status: "ENABLED", timezone_id: "UTC" } } }, /weekly_operating_hours/],
    [
      {
        calling: {
          call_hours: {
            ...HOURS,
            weekly_operating_hours: [{ day_of_week: "MONDAY", open_time: "1800", close_time: "0900" }],
          },
        },
      },
      /before close_time/,
    ],
    [
      {
        calling: {
          call_hours: {
            ...HOURS,
            weekly_operating_hours: [
              { day_of_week: "MONDAY", open_time: "0900", close_time: "1200" },
              { day_of_week: "MONDAY", open_time: "1100", close_time: "1300" },
            ],
          },
        },
      },
      /overlap/,
    ],
    [
      {
        calling: {
          call_hours: {
            ...HOURS,
            weekly_operating_hours: [{ day_of_week: "MONDAY", open_time: "2400", close_time: "2401" }],
          },
        },
      },
      /HHMM/,
    ],
    [{ calling: { sip: { status: "ENABLED" } } }, /servers/],
  ])("refuses %j with Meta's error shape", async (body, words) => {
    const res = await settings(body);
    expect(res.status).toBe(400);
    const error = graphErrorOf(res);
    expect(error.code).toBe(100);
    expect(`${error.message} ${error.error_data?.details ?? ""}`).toMatch(words);
  });

  it("with calling DISABLED refuses connect and accept with 138000, still lets a live call end, and no customer can call", async () => {
    const started = await h.call("POST", "/_sandbox/calls", {
      action: "start",
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
    });
    const id = (started.body as { call_id: string }).call_id;
    expect((await settings({ calling: { status: "DISABLED" } })).status).toBe(200);
    const accept = await h.call(
      "POST",
      `/v23.0/${PHONE_NUMBER_ID}/calls`,
      {
        messaging_product: "whatsapp",
        action: "accept",
        call_id: id,
        session: { sdp_type: "answer", sdp: "v=0" },
      },
      TOKEN,
    );
    expect(accept.status).toBe(400);
    expect(graphErrorOf(accept)).toMatchObject({ code: 138000, message: "(#138000) Calling not enabled" });
    const reject = await h.call(
      "POST",
      `/v23.0/${PHONE_NUMBER_ID}/calls`,
      { messaging_product: "whatsapp", action: "reject", call_id: id },
      TOKEN,
    );
    expect(reject.status).toBe(200);
    const again = await h.call("POST", "/_sandbox/calls", {
      action: "start",
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
    });
    expect(again.status).toBe(409);
    await settings({ calling: { status: "ENABLED" } });
    const ok = await h.call("POST", "/_sandbox/calls", {
      action: "start",
      phone_number_id: PHONE_NUMBER_ID,
      from: CUSTOMER_WA_ID,
    });
    expect(ok.status).toBe(200);
  });

  it("answers another token's number as Graph does for an unknown object", async () => {
    const res = await h.call("GET", `/v23.0/${PHONE_NUMBER_ID}/settings`, undefined, "EAAG-other");
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
