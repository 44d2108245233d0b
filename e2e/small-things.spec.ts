import { createChannel } from "../lib/channels/create-channel";
import { openSecret } from "../lib/crypto/secret-box";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { seedLongRows } from "./long-rows";
import { connectSandbox, SANDBOX_URL, sandboxNumber } from "./sandbox-support";
import { screenshot, seedOrganization, signIn, type TestOrg, toast } from "./support";

/**
 * Item 7 of issue 19: the small things a person notices in the first hour.
 *
 * Why it is slow (158 s in a run at a load of about 20, 2026-11-29): five walks through the
 * dashboard, each signing in afresh over an organization seeded with the longest rows of every
 * list, with full-page screenshots of what a person would see; no wait in it is a pace.
 */
let org: TestOrg;
let conversationId: string;
const HOUR = 3_600_000;
// the seeded times, kept: the inbox shows minutes, and a loaded run can reach the test a minute
// after beforeAll, so what the page should show is computed from these, never from a later now
let recentAt: number;
let oldAt: number;

test.beforeAll(async () => {
  org = await seedOrganization();
  await seedLongRows(org.id);
  await connectSandbox();
  const number = await sandboxNumber();
  const channel = await createChannel({
    organizationId: org.id,
    name: "Replies line",
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
  recentAt = Date.now() - 3 * HOUR;
  oldAt = Date.now() - 2 * 24 * HOUR;
  const contact = await db().contact.create({
    data: {
      organizationId: org.id,
      phone: "+14155550142",
      name: "Katherine Johnson",
      lastInboundAt: new Date(),
    },
  });
  const conversation = await db().conversation.create({
    data: {
      organizationId: org.id,
      contactId: contact.id,
      channelId: channel.id,
      status: "open",
      lastActivityAt: new Date(recentAt),
    },
  });
  conversationId = conversation.id;
  for (const [text, at] of [
    ["Two days ago I asked about my order.", oldAt],
    ["Still waiting today.", recentAt],
  ] as const) {
    await db().message.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        conversationId,
        direction: "inbound",
        type: "text",
        content: { text },
        status: "delivered",
        createdAt: new Date(at),
      },
    });
  }
});

test("a thread dates its messages and separates days; each conversation has its own URL and Back works", async ({
  page,
}) => {
  await signIn(page, org.staff.agent, "/dashboard/conversations");
  const item = page.getByRole("link", { name: /Katherine Johnson/ });
  // the inbox's one time format (lib/conversations/inbox-time.ts): "12:54" today, else with its date
  const shown = await page.evaluate((ms) => {
    const d = new Date(ms);
    const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
    return d.toDateString() === new Date().toDateString()
      ? new Intl.DateTimeFormat("en-US", clock).format(d)
      : new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", ...clock }).format(d);
  }, recentAt);
  await expect(item.locator("time")).toHaveText(shown);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/conversations/${conversationId}(\\?|$)`));
  const messages = page.getByRole("list", { name: "Messages" });
  const twoDaysAgo = await page.evaluate(
    (ms) =>
      new Intl.DateTimeFormat(undefined, { weekday: "long", day: "numeric", month: "long" }).format(
        new Date(ms),
      ),
    oldAt,
  );
  await expect(messages.getByText(twoDaysAgo, { exact: true })).toBeVisible();
  // the latest message came 3 hours ago: yesterday for a run in the first 3 hours of the day
  const recentDay = await page.evaluate(
    (ms) => (new Date(ms).toDateString() === new Date().toDateString() ? "Today" : "Yesterday"),
    recentAt,
  );
  await expect(messages.getByText(recentDay, { exact: true })).toBeVisible();
  // the old message's time says its day, not just "11:52"
  const old = messages.getByRole("article").filter({ hasText: "Two days ago" });
  const shortDay = await page.evaluate(
    (ms) => new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" }).format(new Date(ms)),
    oldAt,
  );
  await expect(old).toContainText(`Received ${shortDay}`);
  await screenshot(page, "thread-days");

  // a reply: the list's last activity follows at once
  await page.getByLabel("Your reply").fill("It left the warehouse this morning.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages.getByRole("article", { name: "Sent message" })).toContainText(
    "It left the warehouse",
  );
  await expect(item.locator("time")).not.toHaveText(shown);

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/conversations(\?.*)?$/);
  await expect(page.getByText("Select a conversation")).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`/dashboard/conversations/${conversationId}`));
  await expect(messages).toContainText("Still waiting today.");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the navigation is a menu with the product's name, and Deliveries folds its filters", async ({
    page,
  }) => {
    await signIn(page, org.staff.owner, "/dashboard");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Messaging" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
    await page.getByRole("button", { name: "Open the menu" }).click();
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    for (const label of [
      "Overview",
      "Conversations",
      "Contacts",
      "API keys",
      "Webhooks",
      "Deliveries",
      "Channels",
      "Templates",
    ]) {
      const link = nav.getByRole("link", { name: label, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
      const cut = await link.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut, `${label} is cut`).toBe(false);
    }
    await expect(nav.getByRole("link", { name: /API reference/ })).toHaveAttribute("href", "/docs");
    await screenshot(page, "phone-menu-open");
    await nav.getByRole("link", { name: "Deliveries", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Deliveries" })).toBeVisible();
    await expect(nav).toBeHidden();

    // the filters fold: the first delivery shows on the first screen
    await expect(page.getByLabel("Status")).toBeHidden();
    const first = page.getByRole("table", { name: "Webhook deliveries" }).locator("tbody tr").first();
    await expect(first).toBeVisible();
    const box = await first.boundingBox();
    expect(box?.y ?? 9_999).toBeLessThan(844);
    await page.getByRole("button", { name: "Filters" }).click();
    await expect(page.getByLabel("Status")).toBeVisible();
    await screenshot(page, "phone-deliveries-filters");
  });
});

test("machine text becomes words; a disabled button says why; the dashboard links to /docs", async ({
  page,
}) => {
  await signIn(page, org.staff.owner, "/dashboard/webhooks");
  const gone = page.getByRole("row").filter({ hasText: "Billing backup" });
  await expect(gone).toContainText("Disabled 1 hour ago: the endpoint answered 410 Gone");
  await expect(gone).not.toContainText(/\d{4}-\d\d-\d\dT/);
  await expect(gone).not.toContainText("wh_");
  await expect(gone.getByRole("link", { name: "See that delivery" })).toBeVisible();

  await page.goto("/dashboard/deliveries?status=any");
  const row = page.getByRole("row").filter({ hasText: "Billing backup" }).first();
  const redeliver = row.getByRole("button", { name: /Redeliver/ });
  await expect(redeliver).toBeDisabled();
  await expect(redeliver).toHaveAccessibleDescription("Webhook disabled: enable it to redeliver");
  await row.getByRole("button", { name: /Details/ }).click();
  const dialog = page.getByRole("dialog", { name: "Delivery" });
  await expect(dialog).toContainText(/Redeliver is off while Billing backup .* is disabled/);
  await expect(dialog).not.toContainText("redeliver to try again");
  await page.keyboard.press("Escape");

  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /API reference/ }),
  ).toHaveAttribute("href", "/docs");
});

test("a new webhook gets a generated signing secret, shown once; going without one is an explicit choice", async ({
  page,
}) => {
  await signIn(page, org.staff.owner, "/dashboard/webhooks");
  await page.getByRole("button", { name: "New webhook" }).first().click();
  const create = page.getByRole("dialog", { name: "New webhook" });
  // the e2e stack runs with ALLOW_LOOPBACK_URLS: the hint says a local receiver works
  await expect(create).toContainText("ALLOW_LOOPBACK_URLS is set");
  await expect(create.getByLabel("Generate a secret for me (recommended)")).toBeChecked();
  await create.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/generated");
  await create.getByLabel("Name").fill("Generated secret");
  await create.getByLabel("contact.created").check();
  await create.getByRole("button", { name: "Create webhook" }).click();
  const shown = page.getByRole("dialog", { name: "Copy the signing secret" });
  const secret = ((await shown.getByTestId("new-webhook-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  await screenshot(page, "webhook-secret-shown-once");
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
  const stored = await db().webhook.findFirstOrThrow({
    where: { organizationId: org.id, name: "Generated secret" },
  });
  expect(openSecret(stored.secretEnc ?? "", org.id, stored.id)).toBe(secret);
  await expect(page.getByRole("row").filter({ hasText: "Generated secret" })).not.toContainText("No secret");

  await page.getByRole("button", { name: "New webhook" }).first().click();
  await create.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/unsigned");
  await create.getByLabel("Name").fill("Unsigned on purpose");
  await create.getByLabel("contact.created").check();
  await create.getByLabel("No secret: send unsigned deliveries").check();
  await expect(create.getByRole("note")).toContainText("not signed");
  await create.getByRole("button", { name: "Create webhook" }).click();
  await expect(toast(page, "Webhook Unsigned on purpose created.")).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "Unsigned on purpose" })).toContainText(
    "No secret: deliveries unsigned",
  );
});

test("an unknown address shows a styled page with a way back", async ({ page }) => {
  await signIn(page, org.staff.owner, "/dashboard");
  for (const path of ["/dashboard/no-such-page", "/nothing-here"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
    await screenshot(page, `not-found${path.replace(/\//g, "-")}`);
  }
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
});
