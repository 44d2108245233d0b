import { db } from "../lib/db";
import { createFlow } from "../lib/flows/create-flow";
import { E2E_HANG_MS } from "./env";
import { expect, test } from "./fixtures";
import { connectSandbox, sandbox, sandboxChannel } from "./sandbox-support";
import { expectNoAxeViolations, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

/**
 * Issue 31: the Channels page shows each channel's Flows data endpoint URL and key state, and owners
 * and admins make or rotate the key behind a confirmation (the upload goes to the sandbox); agents
 * never reach the control. The Flows page shows a notice for a Flow WhatsApp throttled (the
 * sandbox's `flows` webhooks: its status change, then its latency alert; the pipeline's every case
 * is tested in app/webhooks/whatsapp/flows-health.test.ts), and its link leads to the Flow's page,
 * which lists both, newest first.
 */

let org: TestOrg;
let channelId: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  org = await seedOrganization();
  await connectSandbox();
  const { channel } = await sandboxChannel(org.id, "E2E Flows Keys", []);
  channelId = channel.id;
  // The Flow lives in the sandbox (Meta) as in our database, and WhatsApp's health monitoring
  // throttles it through the `flows` webhook: a row written only here was removed by the next sync
  // of the channel's Flows (every 15 minutes, and a 390 px run came after one in CI)
  const flow = await createFlow(org.id, {
    name: "booking_slow_endpoint",
    categories: ["APPOINTMENT_BOOKING"],
    channel_id: channel.id,
  });
  const row = await db().flow.findUniqueOrThrow({ where: { id: flow.id } });
  for (const event of [
    { event: "FLOW_STATUS_CHANGE", new_status: "THROTTLED" },
    { event: "ENDPOINT_LATENCY" },
  ]) {
    const sent = await sandbox("/_sandbox/flows/webhook", "POST", { flow_id: row.upstreamId, ...event });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    // one at a time: the row keeps its latest alert, and the status change is one
    await expect
      .poll(async () => (await db().flow.findUnique({ where: { id: flow.id } }))?.latestHealth, {
        timeout: E2E_HANG_MS,
      })
      .toMatchObject({ kind: event.event });
  }
  expect((await db().flow.findUniqueOrThrow({ where: { id: flow.id } })).status).toBe("THROTTLED");
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`owners make and rotate a channel's Flows key after confirming (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.owner, "/dashboard/channels");
    const list = page.getByRole("list", { name: "Flows data endpoints" });
    await expect(list).toContainText(`/flows/endpoint/${channelId}`);
    const item = list.getByRole("listitem").filter({ hasText: "E2E Flows Keys" });
    const button = item.getByRole("button", { name: /(Make|Rotate) key of E2E Flows Keys/ });
    await button.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("its public key uploaded to WhatsApp");
    const before = (await db().flowEndpoint.findUnique({ where: { channelId } }))?.keyFingerprint ?? null;
    await expectNoAxeViolations(page, "the confirmation");
    await dialog.getByRole("button", { name: /(Make|Rotate) key/ }).click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });
    const after = (await db().flowEndpoint.findUnique({ where: { channelId } }))?.keyFingerprint ?? null;
    expect(after).toMatch(/^[0-9a-f]{64}$/);
    expect(after).not.toBe(before);
    await expect(item).toContainText(`Key ${after?.slice(0, 16)}`);
    await expect(item.getByRole("button", { name: "Rotate key of E2E Flows Keys" })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `flow-endpoint-keys-${viewport.width}`);
  });

  test(`agents see no key control; the Flows page warns about a throttled Flow (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.agent, "/dashboard/channels");
    // agents see the page's calling settings only (e2e/call-settings.spec.ts)
    await expect(page.getByRole("heading", { name: "Calling" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("list", { name: "Flows data endpoints" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Rotate key|Make key/ })).toHaveCount(0);
    const refused = await page.request.post(`/api/dashboard/channels/${channelId}/flow-endpoint/rotate-key`, {
      headers: { "content-type": "application/json", origin: new URL(page.url()).origin },
      data: {},
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe("AUTH_FORBIDDEN");

    await page.goto("/dashboard/flows");
    const notices = page.getByRole("list", { name: "Flows that need attention" });
    await expect(notices).toContainText("booking_slow_endpoint: throttled");
    // Meta's sentence names the threshold and the window; the measure follows it once
    await expect(notices).toContainText(
      "The Flow endpoint latency has reached the 7000ms threshold in the last 30 minutes. Measured: 8200 ms.",
    );
    await expect(notices).not.toContainText("against a threshold");
    await expect(notices).toContainText("throttled it to 10 Flow messages an hour");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, "the Flows page", { settle: true });
    await screenshot(page, `flow-health-notice-${viewport.width}`);

    // the notice leads to every alert about the Flow, newest first, on its own page
    await notices.getByRole("link", { name: "Every alert about booking_slow_endpoint" }).click();
    await expect(page).toHaveURL(/\/dashboard\/flows\/[0-9a-f-]{36}#health$/);
    const history = page.getByRole("list", { name: "Health alerts" });
    const entries = history.getByRole("listitem");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText("Data endpoint latency: raised");
    await expect(entries.nth(0)).toContainText("Needs action");
    await expect(entries.nth(0)).toContainText("in the last 30 minutes. Measured: 8200 ms.");
    await expect(entries.nth(1)).toContainText(/Status: \w+ → Throttled/);
    await expect(history).toBeInViewport();
    const historyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(historyWidth).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, "the Flow's alerts", { settle: true });
    await screenshot(page, `flow-health-history-${viewport.width}`);
  });
}
