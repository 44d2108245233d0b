import { expect, test } from "@playwright/test";
import { createContact } from "../lib/contacts/create-contact";
import { createContactBody } from "../lib/contacts/schemas";
import { db } from "../lib/db";
import { createWebhook } from "../lib/webhooks/create-webhook";
import { deliveryIdOf, type Receiver, signedWith, startReceiver } from "./receiver";
import { randomPhone, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

const SECRET = "deliveries-secret-0123456789abcdefghij";
let org: TestOrg;
let receiver: Receiver;

test.beforeAll(async () => {
  org = await seedOrganization();
  receiver = await startReceiver(500);
});

test.afterAll(async () => {
  await receiver.close();
});

test("a failed delivery shows its attempts and is redelivered, one and in bulk, once the receiver is back", async ({
  page,
}) => {
  // the whole retry schedule (8 attempts, ~28 h × WEBHOOK_RETRY_SCALE 0.0003, e2e/global-setup.ts) runs: ~30 s
  test.setTimeout(300_000);
  const webhook = await createWebhook(org.id, {
    url: receiver.url,
    events: ["contact.created"],
    name: "Flaky endpoint",
    secret: SECRET,
  });
  const phones = [randomPhone(), randomPhone()];
  for (const phone of phones)
    await createContact(org.id, createContactBody.parse({ phone, name: "Retry Person" }));

  await signIn(page, org.staff.owner, "/dashboard/deliveries?status=any");
  const rows = page.getByRole("row").filter({ hasText: "contact.created" });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(/Retrying|Pending/);

  await page.goto("/dashboard");
  const attention = page.getByRole("region", { name: "Webhooks needing attention" });
  await expect(attention.getByText("Flaky endpoint", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Webhook delivery success" })).toBeVisible();
  await screenshot(page, "overview");

  await expect
    .poll(async () => db().delivery.count({ where: { webhookId: webhook.id, status: "failed" } }), {
      timeout: 240_000,
      intervals: [2_000],
    })
    .toBe(2);
  expect(receiver.received.length).toBe(16);

  // the page opens on every status, each counted in the Status menu
  await page.goto("/dashboard/deliveries");
  const status = page.getByLabel("Status");
  await expect(status).toHaveValue("");
  await expect(status.locator("option", { hasText: "Failed (2)" })).toHaveCount(1);
  await expect(rows).toHaveCount(2);
  await status.selectOption("failed");
  await expect(status).toHaveValue("failed");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Failed");
  await expect(rows.first()).toContainText("500");
  await expect(page.getByText("2 deliveries match")).toBeVisible();
  await screenshot(page, "deliveries-failed");

  const target = await db().delivery.findFirstOrThrow({
    where: { webhookId: webhook.id },
    orderBy: { createdAt: "desc" },
  });
  await page.getByRole("button", { name: `Details of ${target.id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delivery" });
  await expect(dialog.getByText("Payload (the envelope as sent)")).toBeVisible();
  await expect(dialog.getByRole("figure", { name: "Payload" })).toContainText(`"id": "${target.id}"`);
  await expect(dialog.getByText("Headers sent (attempt 8)")).toBeVisible();
  await expect(dialog.getByRole("table", { name: "Headers of the latest attempt" })).toContainText(
    "X-Service-Signature",
  );
  const attempts = dialog.getByRole("list", { name: "Attempts" }).getByRole("listitem");
  await expect(attempts).toHaveCount(8);
  await expect(attempts.first()).toContainText("Attempt 8");
  await expect(attempts.first()).toContainText("answered 500");
  await expect(attempts.first()).toContainText("receiver is down for the test");
  await expect(dialog.getByText("None: retries are over")).toBeVisible();
  await screenshot(page, "deliveries-detail");

  // the endpoint is fixed: redeliver this one from its details
  receiver.answer(200);
  const before = receiver.received.length;
  await dialog.getByRole("button", { name: "Redeliver" }).click();
  await expect(attempts).toHaveCount(9);
  await expect(attempts.first()).toContainText("Attempt 9");
  await expect(attempts.first().getByText("200", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Succeeded", { exact: true })).toBeVisible();
  const redelivered = await receiver.next((r) => deliveryIdOf(r) === target.id, { after: before });
  expect(signedWith(redelivered, SECRET)).toBe(true);
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // the other one in bulk: every failed delivery of the webhook in the period
  await page.getByLabel("Webhook").selectOption(webhook.id);
  await page.getByLabel("Created").selectOption("24h");
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Redeliver failed…" }).click();
  const bulk = page.getByRole("dialog", { name: "Redeliver failed deliveries?" });
  await expect(bulk).toContainText("1 failed delivery of Flaky endpoint created last 24 hours");
  await screenshot(page, "deliveries-bulk-redeliver");
  await bulk.getByRole("button", { name: "Redeliver 1" }).click();
  await expect(page.getByText("1 failed delivery queued again.")).toBeVisible();
  await expect
    .poll(async () => db().delivery.count({ where: { webhookId: webhook.id, status: "succeeded" } }))
    .toBe(2);
  await expect(page.getByText("No failed deliveries")).toBeVisible({ timeout: 15_000 });
  await page.getByLabel("Status").selectOption("succeeded");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Succeeded");
});
