import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { type Receiver, startReceiver } from "./receiver";
import { expectNoAxeViolations, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

let org: TestOrg;
let receiver: Receiver;

test.beforeAll(async () => {
  org = await seedOrganization();
  receiver = await startReceiver();
});

test.afterAll(async () => {
  await receiver.close();
});

/** A webhook the product disabled after 5 days without a success, as lib/webhooks/webhook-failing.ts leaves it. */
async function autoDisabledWebhook(name: string): Promise<string> {
  const id = `wbk_${Math.random().toString(16).slice(2).padEnd(24, "0").slice(0, 24)}`;
  const since = new Date(Date.now() - 5 * 86_400_000 - 3_600_000);
  await db().webhook.create({
    data: {
      id,
      organizationId: org.id,
      name,
      url: receiver.url,
      events: ["contact.created"],
      status: "disabled",
      autoDisabled: true,
      disabledAt: new Date(),
      failingSince: since,
      disabledReason: `no delivery succeeded for 5 days (failing since ${since.toISOString().slice(0, 16).replace("T", " ")} UTC; the last attempt answered 503)`,
    },
  });
  return id;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the overview shows a webhook disabled automatically, why, and enables it in one click (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const name = `Orders ${viewport.width}`;
    const id = await autoDisabledWebhook(name);
    await signIn(page, org.staff.owner, "/dashboard");
    const panel = page.getByRole("region", { name: "Webhooks needing attention" });
    const item = panel.getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText("Disabled automatically");
    await expect(item).toContainText(/Disabled .* ago: no delivery succeeded for 5 days/);
    await expectNoAxeViolations(page, "the overview with a disabled webhook", { settle: true });
    await screenshot(page, `overview-auto-disabled-${viewport.width}`);

    await item.getByRole("button", { name: `Enable again ${name}` }).click();
    await expect(item).toHaveCount(0);
    const row = await db().webhook.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      status: "active",
      autoDisabled: false,
      failingSince: null,
      disabledReason: null,
    });
  });
}

test("an agent's Overview has no webhook health (it is the Developers section of owners and admins); the webhook dialog sets a delivery rate limit", async ({
  browser,
  page,
}) => {
  const name = "Agent view";
  await autoDisabledWebhook(name);
  const agentPage = await browser.newPage();
  await signIn(agentPage, org.staff.agent, "/dashboard");
  await expect(agentPage.getByRole("region", { name: "Waiting for a reply" })).toBeVisible();
  await expect(agentPage.getByRole("region", { name: "Developers" })).toHaveCount(0);
  await expect(agentPage.getByText(name)).toHaveCount(0);
  await expect(agentPage.getByRole("button", { name: /Enable again/ })).toHaveCount(0);
  await agentPage.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, org.staff.owner, "/dashboard/webhooks");
  await page.getByRole("button", { name: "New webhook" }).first().click();
  const create = page.getByRole("dialog", { name: "New webhook" });
  await create.getByLabel("Endpoint URL").fill(receiver.url);
  await create.getByLabel("Name").fill("Rate limited");
  await create.getByLabel("contact.created").check();
  await create.getByLabel("Delivery rate limit (per second)").fill("0");
  await create.getByRole("button", { name: "Create webhook" }).click();
  await expect(create.getByText("at least 1 a second (empty: no limit)")).toBeVisible();
  await create.getByLabel("Delivery rate limit (per second)").fill("5");
  await screenshot(page, "webhook-dialog-rate-limit");
  await create.getByRole("button", { name: "Create webhook" }).click();
  // a new webhook's generated signing secret is shown once
  await page
    .getByRole("dialog", { name: "Copy the signing secret" })
    .getByRole("button", { name: "Done" })
    .click();
  const row = page.getByRole("row").filter({ hasText: "Rate limited" });
  await expect(row).toContainText("At most 5 deliveries a second");
  const stored = await db().webhook.findFirstOrThrow({
    where: { organizationId: org.id, name: "Rate limited" },
  });
  expect(stored.rateLimit).toBe(5);
});
