import { afterEach, describe, expect, it } from "vitest";
import { newContact, registerWebhook, TestReceiver } from "@/app/v1/webhooks/test-receiver";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { createTestOrg, pollUntil } from "@/scripts/test/helpers";

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
      15_000,
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
