import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dashboardCall, signedInStaff } from "@/scripts/test/dashboard-session";
import {
  type AnyJson,
  api,
  BASE_URL,
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  sandbox,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { eventsNamed } from "@/scripts/test/inbound-helpers";

/**
 * Meta's `flows` webhook (issue 31 part 5) through the sandbox (POST /_sandbox/flows/webhook posts
 * it to the product's webhook receiver) and the worker: flow.status_changed and flow.health reach
 * only the organization whose channel holds the Flow's WABA, and the Flow keeps its latest alert;
 * the Flow's page lists every one (GET /api/dashboard/flows/{id}/health).
 */
const FLOW_JSON = {
  version: "7.2",
  screens: [
    {
      id: "BOOKING",
      title: "Book",
      terminal: true,
      layout: {
        type: "SingleColumnLayout",
        children: [{ type: "Footer", label: "Book", "on-click-action": { name: "complete", payload: {} } }],
      },
    },
  ],
};

type Side = { org: TestOrg; channel: TestChannel; flow: AnyJson };

async function side(): Promise<Side> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId);
  const created = await api("/v1/whatsapp/flows", {
    key: org.key,
    method: "POST",
    body: { name: `health_${randomBytes(4).toString("hex")}`, categories: ["OTHER"], flow_json: FLOW_JSON },
  });
  expect(created.status, created.text).toBe(201);
  const published = await api(`/v1/whatsapp/flows/${created.body.data.id}/publish`, {
    key: org.key,
    method: "POST",
    body: {},
  });
  expect(published.status, published.text).toBe(200);
  return { org, channel, flow: published.body.data };
}

async function post(flowId: string, body: Record<string, unknown>) {
  const res = await sandbox("/_sandbox/flows/webhook", "POST", { flow_id: flowId, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const eventOf = (orgId: string, name: string, upstreamFlowId: string, count = 1) =>
  eventually(async () => {
    const events = (await eventsNamed(orgId, name)).filter((e) => e.data.upstreamFlowId === upstreamFlowId);
    return events.length >= count ? events : null;
  });

describe("the flows webhook field", () => {
  it("an endpoint error rate alert → flow.health for the WABA's organization only, kept on its Flow", async () => {
    const a = await side();
    const b = await side();
    await post(a.flow.flow_id, { event: "ENDPOINT_ERROR_RATE" });
    const [event] = await eventOf(a.org.orgId, "flow.health", a.flow.flow_id);
    expect(event?.data).toMatchObject({
      flowId: a.flow.id,
      upstreamFlowId: a.flow.flow_id,
      channelId: a.channel.channelId,
      wabaId: a.channel.wabaId,
      kind: "ENDPOINT_ERROR_RATE",
      alertState: "ACTIVATED",
      threshold: 10,
      value: 30,
      period: "30 minutes",
      problem: true,
      details: { errors: [{ error_type: "timeout_error", error_rate: 30, error_count: 12 }] },
    });
    const read = await api(`/v1/whatsapp/flows/${a.flow.id}`, { key: a.org.key });
    expect(read.body.data.health).toMatchObject({
      kind: "ENDPOINT_ERROR_RATE",
      problem: true,
      alert_state: "ACTIVATED",
      threshold: 10,
      value: 30,
      period: "30 minutes",
    });
    // B: no event, its Flow untouched, A's Flow invisible
    expect(await eventsNamed(b.org.orgId, "flow.health")).toEqual([]);
    expect((await api(`/v1/whatsapp/flows/${b.flow.id}`, { key: b.org.key })).body.data.health).toBeNull();
    expectError(await api(`/v1/whatsapp/flows/${a.flow.id}`, { key: b.org.key }), 404, "RESOURCE_NOT_FOUND");

    // back under the threshold: the latest alert is no problem any more
    await post(a.flow.flow_id, {
      event: "ENDPOINT_ERROR_RATE",
      value: { alert_state: "DEACTIVATED", error_rate: 1 },
    });
    const both = await eventOf(a.org.orgId, "flow.health", a.flow.flow_id, 2);
    expect(both[1]?.data).toMatchObject({ alertState: "DEACTIVATED", value: 1, problem: false });
    const after = await api(`/v1/whatsapp/flows/${a.flow.id}`, { key: a.org.key });
    expect(after.body.data.health).toMatchObject({ problem: false, alert_state: "DEACTIVATED" });
  }, 60_000);

  it("FLOW_STATUS_CHANGE to THROTTLED → flow.status_changed and the stored status, in that organization only", async () => {
    const a = await side();
    const b = await side();
    await post(a.flow.flow_id, { event: "FLOW_STATUS_CHANGE", new_status: "THROTTLED" });
    const [event] = await eventOf(a.org.orgId, "flow.status_changed", a.flow.flow_id);
    expect(event?.data).toMatchObject({
      flowId: a.flow.id,
      channelId: a.channel.channelId,
      oldStatus: "PUBLISHED",
      newStatus: "THROTTLED",
      problem: true,
    });
    const read = await api(`/v1/whatsapp/flows/${a.flow.id}`, { key: a.org.key });
    expect(read.body.data).toMatchObject({
      status: "THROTTLED",
      health: { kind: "FLOW_STATUS_CHANGE", new_status: "THROTTLED", problem: true },
    });
    expect(await eventsNamed(b.org.orgId, "flow.status_changed")).toEqual([]);
    expect((await api(`/v1/whatsapp/flows/${b.flow.id}`, { key: b.org.key })).body.data.status).toBe(
      "PUBLISHED",
    );

    // B's own alerts reach B, never A
    for (const kind of [
      "ENDPOINT_LATENCY",
      "ENDPOINT_AVAILABILITY",
      "CLIENT_ERROR_RATE",
      "FLOW_VERSION_EXPIRY_WARNING",
    ]) {
      await post(b.flow.flow_id, { event: kind });
    }
    const bs = await eventOf(b.org.orgId, "flow.health", b.flow.flow_id, 4);
    expect(bs.map((e) => e.data.kind).sort()).toEqual(
      [
        "CLIENT_ERROR_RATE",
        "ENDPOINT_AVAILABILITY",
        "ENDPOINT_LATENCY",
        "FLOW_VERSION_EXPIRY_WARNING",
      ].sort(),
    );
    expect(bs.find((e) => e.data.kind === "ENDPOINT_LATENCY")?.data).toMatchObject({
      value: 8200,
      threshold: 7000,
    });
    expect(bs.find((e) => e.data.kind === "ENDPOINT_AVAILABILITY")?.data).toMatchObject({
      value: 75,
      threshold: 90,
    });
    expect(await eventsNamed(a.org.orgId, "flow.health")).toEqual([]);
  }, 60_000);

  it("the Flow's page lists every alert and status change, newest first, to its organization only", async () => {
    const a = await side();
    const b = await side();
    const [aCookie, bCookie] = await Promise.all([
      signedInStaff("agent", a.org.orgId),
      signedInStaff("agent", b.org.orgId),
    ]);
    const history = (cookie: string, flowId: string) =>
      dashboardCall(cookie, `/api/dashboard/flows/${flowId}/health`);

    const empty = await history(aCookie, a.flow.id);
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.data).toEqual({ alerts: [], has_more: false, kept_days: expect.any(Number) });

    // one at a time, each awaited, so that their order is the order they were received in
    const sent = [
      { event: "FLOW_STATUS_CHANGE", new_status: "THROTTLED" },
      { event: "ENDPOINT_LATENCY" },
      { event: "ENDPOINT_LATENCY", value: { alert_state: "DEACTIVATED", p90_latency: 900 } },
    ];
    for (const [i, body] of sent.entries()) {
      await post(a.flow.flow_id, body);
      await eventually(async () => {
        const events = [
          ...(await eventsNamed(a.org.orgId, "flow.health")),
          ...(await eventsNamed(a.org.orgId, "flow.status_changed")),
        ];
        return events.length === i + 1 ? events : null;
      });
    }
    const listed = await history(aCookie, a.flow.id);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const { alerts, has_more } = listed.body.data as { alerts: AnyJson[]; has_more: boolean };
    expect(has_more).toBe(false);
    expect(alerts.map((x) => [x.kind, x.alert_state, x.problem])).toEqual([
      ["ENDPOINT_LATENCY", "DEACTIVATED", false],
      ["ENDPOINT_LATENCY", "ACTIVATED", true],
      ["FLOW_STATUS_CHANGE", null, true],
    ]);
    expect(alerts[1]).toMatchObject({ value: 8200, threshold: 7000, period: "30 minutes", new_status: null });
    expect(alerts[2]).toMatchObject({ old_status: "PUBLISHED", new_status: "THROTTLED" });
    for (const x of alerts) {
      expect(x.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(x.received_at)).not.toBeNaN();
    }
    // the latest one is the Flow's own health, field for field
    const flow = await api(`/v1/whatsapp/flows/${a.flow.id}`, { key: a.org.key });
    const { id: _id, old_status: _old, ...latest } = alerts[0] as AnyJson;
    expect(flow.body.data.health).toEqual(latest);

    // B's session: A's Flow is unknown (404, as an unknown id), its own Flow has none of A's alerts
    const foreign = await history(bCookie, a.flow.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error?.code).toBe("RESOURCE_NOT_FOUND");
    expect((await history(bCookie, b.flow.id)).body.data).toMatchObject({ alerts: [] });
    expect((await history(aCookie, "not-a-uuid")).status).toBe(404);
    const signedOut = await fetch(`${BASE_URL}/api/dashboard/flows/${a.flow.id}/health`);
    expect(signedOut.status).toBe(401);
  }, 60_000);

  it("a flows value it cannot read goes the unprocessed way (whatsapp.notification), on the WABA's channel", async () => {
    const a = await side();
    await post(a.flow.flow_id, {
      event: "FLOW_STATUS_CHANGE",
      new_status: "PUBLISHED",
      value: { new_status: null },
    });
    const rows = await eventually(() =>
      db().channelUnprocessedField.findFirst({ where: { channelId: a.channel.channelId, field: "flows" } }),
    );
    expect(rows?.count).toBe(1);
    expect(await eventsNamed(a.org.orgId, "flow.status_changed")).toEqual([]);
  }, 60_000);
});
