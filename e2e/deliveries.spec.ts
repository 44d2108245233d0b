import { createContact } from "../lib/contacts/create-contact";
import { createContactBody } from "../lib/contacts/schemas";
import { db } from "../lib/db";
import { createWebhook } from "../lib/webhooks/create-webhook";
import { expect, test } from "./fixtures";
import { deliveryIdOf, type Receiver, signedWith, startReceiver } from "./receiver";
import {
  chooseOption,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
  toast,
} from "./support";

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
  await expect(status).toHaveAttribute("data-value", "");
  await expect(rows).toHaveCount(2);
  await status.click();
  await expect(page.getByRole("option", { name: "Failed (2)" })).toBeVisible();
  await page.keyboard.press("Escape");
  await chooseOption(status, "failed");
  await expect(status).toHaveAttribute("data-value", "failed");
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
  await expect(
    dialog.getByText("None: every automatic attempt was made; Redeliver sends it again"),
  ).toBeVisible();
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
  await chooseOption(page.getByLabel("Webhook"), webhook.id);
  await chooseOption(page.getByLabel("Created"), "24h");
  await expect(rows).toHaveCount(1);
  await page.getByRole("button", { name: "Retry or redeliver…" }).click();
  const bulk = page.getByRole("dialog", { name: "Send the backlog again" });
  await expect(bulk).toContainText("Flaky endpoint, deliveries created last 24 hours");
  await expect(bulk).toContainText("0 waiting for their next attempt");
  await expect(bulk).toContainText("1 failed for good");
  await screenshot(page, "deliveries-bulk-redeliver");
  await bulk.getByRole("button", { name: "Redeliver 1" }).click();
  await expect(toast(page, "1 failed delivery queued again.")).toBeVisible();
  await expect
    .poll(async () => db().delivery.count({ where: { webhookId: webhook.id, status: "succeeded" } }))
    .toBe(2);
  await expect(page.getByText("No failed deliveries")).toBeVisible({ timeout: 60_000 });
  await chooseOption(status, "succeeded");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Succeeded");
});
