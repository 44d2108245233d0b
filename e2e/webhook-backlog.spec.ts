import { createContact } from "../lib/contacts/create-contact";
import { createContactBody } from "../lib/contacts/schemas";
import { db } from "../lib/db";
import { createWebhook } from "../lib/webhooks/create-webhook";
import { expect, test } from "./fixtures";
import { deliveryIdOf, type Receiver, startReceiver } from "./receiver";
import {
  chooseOption,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
  toast,
} from "./support";

/**
 * Items 3 and 4 of issue 19: a webhook whose endpoint answers 500 every time reads 0 % with its
 * last answer in words; once the endpoint is fixed, support pushes the waiting deliveries with
 * "Retry now" (from the webhook's row, or for a webhook and period on the Deliveries page), and
 * each goes out once.
 */
let org: TestOrg;
let receiver: Receiver;

test.beforeAll(async () => {
  org = await seedOrganization();
  receiver = await startReceiver(500);
});

test.afterAll(async () => {
  await receiver.close();
});

/** Waits until `n` deliveries of the webhook failed a few times, then parks their next attempt an hour away. */
async function parkWaiting(webhookId: string, n: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await db().$executeRaw`
          UPDATE deliveries d SET next_attempt_at = now() + interval '1 hour'
          WHERE d.webhook_id = ${webhookId} AND d.status = 'pending' AND d.attempt_count >= 3
            AND EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.delivery_id = d.id AND a.attempt_number = d.attempt_count)`;
        return db().delivery.count({
          where: { webhookId, status: "pending", nextAttemptAt: { gt: new Date(Date.now() + 1_800_000) } },
        });
      },
      { timeout: 30_000, intervals: [300] },
    )
    .toBe(n);
}

async function newContacts(n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await createContact(org.id, createContactBody.parse({ phone: randomPhone(), name: `Backlog ${i}` }));
}

async function expectAllSucceededOnce(webhookId: string): Promise<void> {
  await expect
    .poll(() => db().delivery.count({ where: { webhookId, status: { not: "succeeded" } } }), {
      timeout: 60_000,
    })
    .toBe(0);
  const delivered = receiver.received.filter((r) => r.answered === 200).map(deliveryIdOf);
  expect(new Set(delivered).size, "a delivery went out twice").toBe(delivered.length);
}

test("a failing webhook reads 0 % with its last answer; Retry now sends the waiting deliveries once each", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const webhook = await createWebhook(org.id, {
    url: receiver.url,
    events: ["contact.created"],
    name: "Order sync",
  });
  await newContacts(3);
  await parkWaiting(webhook.id, 3);

  await signIn(page, org.staff.owner, "/dashboard/webhooks");
  const row = page.getByRole("row").filter({ hasText: "Order sync" });
  await expect(row).toContainText("0%");
  await expect(row).toContainText("0 of 3 delivered · 3 retrying");
  await expect(row).toContainText(/500 on the last \d+ attempts, last .+ ago: receiver is down for the test/);
  await expect(row).not.toContainText("No deliveries");
  await screenshot(page, "backlog-webhooks-failing");

  receiver.answer(200);
  await row.getByRole("button", { name: /Retry now/ }).click();
  await expect(toast(page, "3 waiting deliveries of Order sync being attempted now.")).toBeVisible();
  await expectAllSucceededOnce(webhook.id);
  await page.reload();
  await expect(row).toContainText("100%");
  // "last now" when the attempts were under a second ago (a quiet machine), "last 5 seconds ago" otherwise
  await expect(row).toContainText(/200 on the last 3 attempts, last (now|.+ ago)/);
  await expect(row.getByRole("button", { name: /Retry now/ })).toHaveCount(0);

  // the Deliveries page: a webhook and a period, the backlog counted before anything is done
  receiver.answer(500);
  await newContacts(2);
  await parkWaiting(webhook.id, 2);
  await page.goto("/dashboard/deliveries?status=any");
  await chooseOption(page.getByLabel("Webhook"), webhook.id);
  await chooseOption(page.getByLabel("Created"), "1h");
  await page.getByRole("button", { name: "Retry or redeliver…" }).click();
  const dialog = page.getByRole("dialog", { name: "Send the backlog again" });
  await expect(dialog).toContainText("2 waiting for their next attempt");
  await expect(dialog).toContainText("0 failed for good");
  await expect(dialog.getByRole("button", { name: "Redeliver 0" })).toBeDisabled();
  await screenshot(page, "backlog-dialog");
  receiver.answer(200);
  await dialog.getByRole("button", { name: "Retry 2 now" }).click();
  await expect(toast(page, "2 waiting deliveries being attempted now.")).toBeVisible();
  await expectAllSucceededOnce(webhook.id);
});
