import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import {
  type AnyJson,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  SANDBOX_URL,
  sandbox,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { openApiValidator } from "@/scripts/test/openapi-validator";
import { digits } from "@/scripts/test/send-helpers";

/**
 * A channel's calling settings (issue 32 part 3): applied through the sandbox's (Meta's) settings
 * API first and stored only when it accepted them; our ring time beside them. Two organizations:
 * one never reads or changes the other's.
 */
type Side = TestOrg & { channel: TestChannel };
let a: Side;
let b: Side;
let validator: ReturnType<typeof openApiValidator>;

const path = (channelId: string) => `/v1/whatsapp/channels/${channelId}/calling`;

const HOURS = {
  status: "ENABLED",
  timezone_id: "Europe/Berlin",
  weekly_operating_hours: [
    { day_of_week: "MONDAY", open_time: "0900", close_time: "1200" },
    { day_of_week: "MONDAY", open_time: "1300", close_time: "1700" },
    { day_of_week: "FRIDAY", open_time: "0900", close_time: "1500" },
  ],
  holiday_schedule: [{ date: "2026-12-25", start_time: "0000", end_time: "2359" }],
};

/** What the sandbox (Meta) holds for the number: GET /{phone-number-id}/settings with its token. */
async function upstreamSettings(channel: TestChannel): Promise<AnyJson> {
  const res = await fetch(`${SANDBOX_URL}/v23.0/${channel.phoneNumberId}/settings`, {
    headers: { authorization: `Bearer ${channel.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as AnyJson).calling;
}

beforeAll(async () => {
  validator = openApiValidator((await api("/v1/openapi.json")).body);
  const sideOf = async (sandboxNumber: Record<string, unknown> = {}) => {
    const org = await createTestOrg();
    return { ...org, channel: await createTestChannel(org.orgId, { sandboxNumber }) };
  };
  a = await sideOf();
  // a number below Meta's calling eligibility: the sandbox refuses to enable calling on it
  b = await sideOf({ calling_eligible: false });
});

describe("GET and PATCH /v1/whatsapp/channels/{id}/calling", () => {
  it("starts unset with a 60 s ring time, round-trips every field to WhatsApp, and changes field by field", async () => {
    const first = await api(path(a.channel.channelId), { key: a.key });
    expect(first.status, first.text).toBe(200);
    expect(validator.schema({ $ref: "#/components/schemas/CallSettings" }, first.body.data)).toEqual([]);
    expect(first.body.data).toEqual({
      channel_id: a.channel.channelId,
      status: null,
      call_icon_visibility: null,
      call_hours: null,
      callback_permission_status: null,
      ring_seconds: 60,
      applied_at: null,
    });

    const saved = await api(path(a.channel.channelId), {
      key: a.key,
      method: "PATCH",
      body: {
        status: "ENABLED",
        call_icon_visibility: "DISABLE_ALL",
        call_hours: HOURS,
        callback_permission_status: "ENABLED",
        ring_seconds: 45,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(validator.schema({ $ref: "#/components/schemas/CallSettings" }, saved.body.data)).toEqual([]);
    expect(saved.body.data).toMatchObject({
      status: "ENABLED",
      call_icon_visibility: "DISABLE_ALL",
      call_hours: HOURS,
      callback_permission_status: "ENABLED",
      ring_seconds: 45,
    });
    expect(Date.parse(saved.body.data.applied_at)).not.toBeNaN();
    // Meta got them: the sandbox's own GET /{phone-number-id}/settings
    expect(await upstreamSettings(a.channel)).toMatchObject({
      status: "ENABLED",
      call_icon_visibility: "DISABLE_ALL",
      call_hours: HOURS,
      callback_permission_status: "ENABLED",
    });

    // one field: the others stay, here and upstream
    const icon = await api(path(a.channel.channelId), {
      key: a.key,
      method: "PATCH",
      body: { call_icon_visibility: "DEFAULT" },
    });
    expect(icon.body.data).toMatchObject({
      call_icon_visibility: "DEFAULT",
      call_hours: HOURS,
      ring_seconds: 45,
    });
    expect(await upstreamSettings(a.channel)).toMatchObject({
      call_icon_visibility: "DEFAULT",
      call_hours: HOURS,
    });

    // the ring time alone is ours: stored, no upstream change
    const before = await upstreamSettings(a.channel);
    const ring = await api(path(a.channel.channelId), {
      key: a.key,
      method: "PATCH",
      body: { ring_seconds: 10 },
    });
    expect(ring.body.data.ring_seconds).toBe(10);
    expect(await upstreamSettings(a.channel)).toEqual(before);
    const row = await db().channel.findUniqueOrThrow({ where: { id: a.channel.channelId } });
    expect(row.callRingSeconds).toBe(10);

    const read = await api(path(a.channel.channelId), { key: a.key });
    expect(read.body.data).toEqual(ring.body.data);
  });

  it("another organization's channel is 404 to read and to change, and stays as it was", async () => {
    const mine = (await api(path(a.channel.channelId), { key: a.key })).body.data;
    expectError(await api(path(a.channel.channelId), { key: b.key }), 404, "RESOURCE_NOT_FOUND");
    expectError(
      await api(path(a.channel.channelId), { key: b.key, method: "PATCH", body: { status: "DISABLED" } }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expectError(await api(path("not-a-uuid"), { key: a.key }), 404, "RESOURCE_NOT_FOUND");
    expect((await api(path(a.channel.channelId), { key: a.key })).body.data).toEqual(mine);
    expect((await upstreamSettings(a.channel)).status).toBe("ENABLED");
  });

  it.each([
    [{ status: "ON" }, "status"],
    [{ ring_seconds: 9 }, "ring_seconds"],
    [{ ring_seconds: 121 }, "ring_seconds"],
    [{ call_hours: { ...HOURS, timezone_id: "Mars/Olympus" } }, "call_hours"],
    [
      {
        call_hours: {
          ...HOURS,
          weekly_operating_hours: [{ day_of_week: "MONDAY", open_time: "1700", close_time: "0900" }],
        },
      },
      "call_hours",
    ],
    [
      {
        call_hours: {
          ...HOURS,
          weekly_operating_hours: [
            { day_of_week: "MONDAY", open_time: "0900", close_time: "1200" },
            { day_of_week: "MONDAY", open_time: "1100", close_time: "1300" },
          ],
        },
      },
      "call_hours",
    ],
    [{ call_hours: { ...HOURS, weekly_operating_hours: [] } }, "call_hours"],
  ])("refuses %j with the contract's envelope before WhatsApp", async (body, field) => {
    const res = await api(path(a.channel.channelId), { key: a.key, method: "PATCH", body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toMatch(/^VALIDATION_/);
    expectError(res, 400, res.body.error.code);
    expect(JSON.stringify(res.body.error)).toContain(field);
  });

  it("a refusal by WhatsApp answers WHATSAPP_SEND_FAILED in its words and changes nothing", async () => {
    const res = await api(path(b.channel.channelId), {
      key: b.key,
      method: "PATCH",
      body: { status: "ENABLED", ring_seconds: 30 },
    });
    expectError(res, 502, "WHATSAPP_SEND_FAILED");
    expect(res.body.error.message).toContain("messaging limit is below 2000");
    expect(res.body.error.details.error).toMatchObject({ code: 100 });
    const read = await api(path(b.channel.channelId), { key: b.key });
    expect(read.body.data).toMatchObject({ status: null, ring_seconds: 60, applied_at: null });
    expect((await upstreamSettings(b.channel)).status).toBe("ENABLED"); // the sandbox's default, untouched
  });

  it("in the dashboard every staff member reads the settings; only owners and admins change them", async () => {
    const agent = await createStaff("agent", a.orgId);
    const admin = await createStaff("admin", a.orgId);
    const agentSession = await signInWithPassword(agent.email, agent.password);
    const adminSession = await signInWithPassword(admin.email, admin.password);
    if (!agentSession.cookie || !adminSession.cookie) throw new Error("sign-in failed");
    const listed = await dashboardCall(agentSession.cookie, "/api/dashboard/calling-settings");
    expect(listed.status).toBe(200);
    const channels = (listed.body.data as { channels: AnyJson[] }).channels;
    expect(channels.map((c) => c.channel_id)).toEqual([a.channel.channelId]);
    const refused = await dashboardCall(
      agentSession.cookie,
      `/api/dashboard/channels/${a.channel.channelId}/calling`,
      {
        method: "PATCH",
        body: { ring_seconds: 20 },
      },
    );
    expect(refused.status).toBe(403);
    const changed = await dashboardCall(
      adminSession.cookie,
      `/api/dashboard/channels/${a.channel.channelId}/calling`,
      {
        method: "PATCH",
        body: { ring_seconds: 20 },
      },
    );
    expect(changed.status).toBe(200);
    expect((changed.body.data as AnyJson).settings.ring_seconds).toBe(20);
    // another organization's admin: 404
    const other = await createStaff("admin", b.orgId);
    const otherSession = await signInWithPassword(other.email, other.password);
    if (!otherSession.cookie) throw new Error("sign-in failed");
    const foreign = await dashboardCall(
      otherSession.cookie,
      `/api/dashboard/channels/${a.channel.channelId}/calling`,
      {
        method: "PATCH",
        body: { ring_seconds: 30 },
      },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe("RESOURCE_NOT_FOUND");
    await api(path(a.channel.channelId), { key: a.key, method: "PATCH", body: { ring_seconds: 10 } });
  });
});

describe("with calling DISABLED the sandbox refuses the number's calls", () => {
  it("a customer cannot call, and answering a call already ringing is refused as WhatsApp refuses it", async () => {
    const org = await createTestOrg();
    const channel = await createTestChannel(org.orgId);
    const started = await sandbox("/_sandbox/calls", "POST", {
      action: "start",
      phone_number_id: channel.phoneNumberId,
      from: digits("+14155550111"),
    });
    expect(started.status).toBe(200);
    const off = await api(path(channel.channelId), {
      key: org.key,
      method: "PATCH",
      body: { status: "DISABLED" },
    });
    expect(off.status, off.text).toBe(200);
    const again = await sandbox("/_sandbox/calls", "POST", {
      action: "start",
      phone_number_id: channel.phoneNumberId,
      from: digits("+14155550111"),
    });
    expect(again.status).toBe(409);
    const call = await eventually(() =>
      db().call.findFirst({ where: { organizationId: org.orgId, upstreamId: started.body.call_id } }),
    );
    const accept = await api(`/v1/whatsapp/calls/${call.id}/accept`, {
      key: org.key,
      method: "POST",
      body: { sdp_answer: "v=0\r\n" },
    });
    expectError(accept, 502, "WHATSAPP_SEND_FAILED");
    expect(accept.body.error.details.error).toMatchObject({ code: 138000 });
  });
});
