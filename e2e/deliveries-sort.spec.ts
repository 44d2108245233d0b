import { randomUUID } from "node:crypto";
import { db } from "../lib/db";
import { newDeliveryId } from "../lib/events/record-event";
import { expect, test } from "./fixtures";
import { chooseOption, seedOrganization, signIn, type TestOrg } from "./support";

let org: TestOrg;

/** Three finished deliveries a minute apart, each of its own event so a row says which it is. */
test.beforeAll(async () => {
  org = await seedOrganization();
  const webhook = await db().webhook.create({
    data: {
      id: `wbk_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
      organizationId: org.id,
      name: "Sorted",
      url: "http://127.0.0.1:9/hook",
      events: ["contact.created", "message.sent", "conversation.opened"],
    },
  });
  const base = Date.now() - 10 * 60_000;
  const names = ["contact.created", "message.sent", "conversation.opened"] as const;
  for (const [i, name] of names.entries()) {
    const event = await db().event.create({ data: { organizationId: org.id, name, data: { n: i } } });
    await db().delivery.create({
      data: {
        id: newDeliveryId(base + i * 60_000),
        organizationId: org.id,
        webhookId: webhook.id,
        eventId: event.id,
        status: "succeeded",
        attemptCount: 1,
        nextAttemptAt: null,
        createdAt: new Date(base + i * 60_000),
      },
    });
  }
});

test("the deliveries list sorts oldest first on request, kept in the URL across a reload", async ({
  page,
}) => {
  await signIn(page, org.staff.owner, "/dashboard/deliveries");
  const firstRow = page.getByRole("row").nth(1);
  await expect(firstRow).toContainText("conversation.opened");
  const sort = page.getByLabel("Sort");
  await expect(sort).toHaveAttribute("data-value", "newest");

  await chooseOption(sort, { label: "Oldest first" });
  await expect(page).toHaveURL(/[?&]sort=oldest(&|$)/);
  await expect(firstRow).toContainText("contact.created");
  await expect(page.getByRole("row").nth(3)).toContainText("conversation.opened");

  await page.reload();
  await expect(page.getByLabel("Sort")).toHaveAttribute("data-value", "oldest");
  await expect(page.getByRole("row").nth(1)).toContainText("contact.created");

  await chooseOption(page.getByLabel("Sort"), { label: "Newest first" });
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByRole("row").nth(1)).toContainText("conversation.opened");
});
