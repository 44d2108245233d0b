import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { createContact } from "../lib/contacts/create-contact";
import { createContactBody } from "../lib/contacts/schemas";
import { db } from "../lib/db";
import { createWebhook } from "../lib/webhooks/create-webhook";
import { expect, type Page, test } from "./fixtures";
import { type Receiver, startReceiver } from "./receiver";
import { randomPhone, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

let org: TestOrg;
let receiver: Receiver;
const ids = { down: "", refused: "", timeout: "", guarded: "" };

/** A loopback port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * A delivery whose only attempt ended as the worker records a timeout or an address the guard
 * refused (lib/webhooks/post-webhook.ts wording): neither can be provoked quickly on loopback.
 */
async function seedFailedDelivery(webhookId: string, error: string, durationMs: number): Promise<string> {
  const event = await db().event.create({
    data: { organizationId: org.id, name: "contact.created", data: { id: "ct_seeded" } },
  });
  const id = `wh_${Date.now()}_${randomBytes(8).toString("hex")}`;
  const at = new Date();
  await db().delivery.create({
    data: {
      id,
      organizationId: org.id,
      webhookId,
      eventId: event.id,
      status: "failed",
      attemptCount: 1,
      nextAttemptAt: null,
      lastAttemptAt: at,
      attempts: {
        create: {
          attemptNumber: 1,
          startedAt: at,
          durationMs,
          statusCode: null,
          error,
          responseSnippet: null,
          requestHeaders: { "Content-Type": "application/json" },
        },
      },
    },
  });
  return id;
}

test.beforeAll(async () => {
  org = await seedOrganization();
  receiver = await startReceiver(500);
  const down = await createWebhook(org.id, { url: receiver.url, events: ["contact.created"], name: "Down" });
  const port = await closedPort();
  const refused = await createWebhook(org.id, {
    url: `http://127.0.0.1:${port}/hooks`,
    events: ["contact.created"],
    name: "Nobody home",
  });
  await createContact(org.id, createContactBody.parse({ phone: randomPhone(), name: "Reason Person" }));
  // the worker's first attempts: the 500 with the receiver's words, and the refused connection
  await expect
    .poll(
      async () =>
        db().delivery.count({
          where: {
            organizationId: org.id,
            webhookId: { in: [down.id, refused.id] },
            attemptCount: { gt: 0 },
          },
        }),
      { timeout: 30_000 },
    )
    .toBe(2);
  ids.down = (await db().delivery.findFirstOrThrow({ where: { webhookId: down.id } })).id;
  ids.timeout = await seedFailedDelivery(refused.id, "no answer within 10 s", 10_003);
  ids.guarded = await seedFailedDelivery(
    refused.id,
    "refused to connect to hooks.example: 10.1.2.3 is a private, link-local, multicast or reserved address",
    4,
  );
});

test.afterAll(async () => {
  await receiver.close();
});

async function openDetails(page: Page, id: string) {
  await page.getByRole("button", { name: `Details of ${id}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delivery" });
  await expect(dialog.getByRole("region", { name: "Last attempt" })).toBeVisible();
  return dialog;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the list gives a one-line reason per failed delivery, and the details start with the last attempt", async ({
      page,
    }) => {
      await signIn(page, org.staff.owner, "/dashboard/deliveries?status=any");
      const rowOf = (id: string) =>
        page.getByRole("row").filter({ has: page.getByRole("button", { name: `Details of ${id}` }) });
      await expect(rowOf(ids.down)).toContainText("500 · receiver is down for the test");
      await expect(rowOf(ids.timeout)).toContainText("timeout after 10 s");
      await expect(rowOf(ids.guarded)).toContainText("refused: not a public address");
      const refusedRow = page.getByRole("row").filter({ hasText: "connection refused" });
      await expect(refusedRow.first()).toBeVisible({ timeout: 60_000 });
      await screenshot(page, `deliveries-reasons-${viewport.width}`);

      const dialog = await openDetails(page, ids.down);
      const last = dialog.getByRole("region", { name: "Last attempt" });
      await expect(last).toContainText("500 · receiver is down for the test");
      await expect(last).toContainText(/took [\d,.]+ ms/);
      await expect(last.getByRole("figure", { name: "Response to the last attempt" })).toContainText(
        '"error": "receiver is down for the test"',
      );
      // the reason first, then the attempts, then the payload
      const top = async (name: "last" | "attempts" | "payload") => {
        const locator =
          name === "last"
            ? last
            : name === "attempts"
              ? dialog.getByRole("list", { name: "Attempts" })
              : dialog.getByRole("figure", { name: "Payload" });
        const box = await locator.boundingBox();
        if (!box) throw new Error(`${name} is not shown`);
        return box.y;
      };
      expect(await top("last")).toBeLessThan(await top("attempts"));
      expect(await top("attempts")).toBeLessThan(await top("payload"));
      await screenshot(page, `deliveries-reason-detail-${viewport.width}`);
      await dialog.getByRole("button", { name: "Close" }).first().click();

      const timeout = await openDetails(page, ids.timeout);
      await expect(timeout.getByRole("region", { name: "Last attempt" })).toContainText("timeout after 10 s");
      await expect(timeout.getByRole("region", { name: "Last attempt" })).toContainText("took 10,003 ms");
      await timeout.getByRole("button", { name: "Close" }).first().click();

      const guarded = await openDetails(page, ids.guarded);
      await expect(guarded.getByRole("region", { name: "Last attempt" })).toContainText(
        "refused: not a public address",
      );
    });
  });
}
