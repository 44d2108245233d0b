import { afterEach, describe, expect, it } from "vitest";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { createTestOrg, pollUntil } from "@/scripts/test/helpers";
import { newContact, registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

const receivers: TestReceiver[] = [];

afterEach(async () => {
  for (const r of receivers.splice(0)) await r.down();
});

type Row = {
  id: string;
  success_rate: number | null;
  health: {
    succeeded: number;
    failed: number;
    retrying: number;
    last_answer: { status_code: number | null; reason: string | null; streak: number; at: string } | null;
  };
};

async function webhookRows(cookie: string): Promise<Row[]> {
  const res = await dashboardCall(cookie, "/api/dashboard/webhooks");
  expect(res.status).toBe(200);
  return (res.body.data as { webhooks: Row[] }).webhooks;
}

describe("the webhooks page's figures", () => {
  it("a webhook that answered 500 to every attempt is 0 % with its last answer, not 'no deliveries'", async () => {
    const { orgId, key } = await createTestOrg();
    const staff = await createStaff("owner", orgId);
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    if (!cookie) throw new Error("sign-in failed");
    const down = await TestReceiver.start();
    const up = await TestReceiver.start();
    receivers.push(down, up);
    down.answer = () => ({ status: 500, body: '{"message":"receiver is down"}' });
    const failing = await registerWebhook(key, down.url, { name: "down" });
    const healthy = await registerWebhook(key, up.url, { name: "up" });
    await newContact(key);
    await newContact(key);

    const rows = await pollUntil(
      () => webhookRows(cookie),
      (all) => {
        const f = all.find((w) => w.id === failing);
        const h = all.find((w) => w.id === healthy);
        return (f?.health.last_answer?.streak ?? 0) >= 4 && h?.health.succeeded === 2;
      },
    );
    const f = rows.find((w) => w.id === failing);
    expect(f?.health.retrying).toBe(2);
    expect(f?.health.succeeded).toBe(0);
    // retrying deliveries count as failing until they succeed
    expect(f?.success_rate).toBe(0);
    expect(f?.health.last_answer).toMatchObject({ status_code: 500, reason: "500 · receiver is down" });
    const h = rows.find((w) => w.id === healthy);
    expect(h?.success_rate).toBe(1);
    expect(h?.health.last_answer).toMatchObject({ status_code: 200, reason: null, streak: 2 });
  });
});

describe("the backlog of a webhook (Deliveries page: Retry or redeliver…)", () => {
  it("counts retrying and failed deliveries in a period, 404 for another organization's webhook", async () => {
    const { orgId, key } = await createTestOrg();
    const staff = await createStaff("agent", orgId);
    const { cookie } = await signInWithPassword(staff.email, staff.password);
    if (!cookie) throw new Error("sign-in failed");
    const down = await TestReceiver.start();
    receivers.push(down);
    down.answer = () => ({ status: 500 });
    const webhookId = await registerWebhook(key, down.url);
    await newContact(key);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const query = new URLSearchParams({ webhook_id: webhookId, since });
    const backlog = await pollUntil(
      async () => (await dashboardCall(cookie, `/api/dashboard/deliveries/backlog?${query}`)).body,
      (body) => (body.data as { retrying?: number } | undefined)?.retrying === 1,
    );
    expect(backlog.data).toEqual({
      retrying: 1,
      retrying_capped: false,
      failed: 0,
      failed_capped: false,
      webhook_active: true,
    });
    const later = new URLSearchParams({
      webhook_id: webhookId,
      since: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(
      (await dashboardCall(cookie, `/api/dashboard/deliveries/backlog?${later}`)).body.data,
    ).toMatchObject({
      retrying: 0,
    });

    const other = await createTestOrg();
    const stranger = await createStaff("owner", other.orgId);
    const theirs = await signInWithPassword(stranger.email, stranger.password);
    const res = await dashboardCall(theirs.cookie ?? "", `/api/dashboard/deliveries/backlog?${query}`);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe("RESOURCE_NOT_FOUND");
  });
});
