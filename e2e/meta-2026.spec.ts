import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { connectSandbox, customerWrites, SANDBOX_URL, sandbox, sandboxNumber } from "./sandbox-support";
import {
  chooseOption,
  expectFitsPhone,
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
  toast,
} from "./support";

/**
 * Meta's 2026 platform in the dashboard: the Usage page (chart, tables, rate card, CSV), channel
 * settings (coexistence, Marketing Messages API), and a thread with a username customer, the
 * Business app's messages, an edit and a deletion, and blocking. At 1280 and 390 px, with axe.
 */

let org: TestOrg;
let channelId: string;
let conversationId: string;
const customer = randomPhone();

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.beforeAll(async () => {
  org = await seedOrganization();
  await connectSandbox();
  const number = await sandboxNumber({ verifiedName: "Coexisting shop" });
  await sandbox(`/_sandbox/phone-numbers/${number.phoneNumberId}`, "PUT", {
    waba_id: number.wabaId,
    display_phone_number: number.display,
    access_token: number.token,
    coexistence: true,
  });
  const channel = await createChannel({
    organizationId: org.id,
    name: "Shop line",
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
  channelId = channel.id;
  // a customer with a username writes; staff answer from the phone app; the customer edits, then deletes
  const first = await sandbox("/_sandbox/inbound", "POST", {
    phone_number_id: number.phoneNumberId,
    from: customer.slice(1),
    user_id: `US.${Date.now()}`,
    username: "@grace.codes",
    name: "Grace Hopper",
    message: { type: "text", text: { body: "Is the blue kettle back in stock?" } },
  });
  expect((first.body as { status?: number }).status, JSON.stringify(first.body)).toBe(200);
  const original = String((first.body as { id: string }).id);
  await expect
    .poll(() => db().message.count({ where: { whatsappMessageId: original } }), { timeout: 60_000 })
    .toBe(1);
  await sandbox("/_sandbox/echoes", "POST", {
    phone_number_id: number.phoneNumberId,
    to: customer.slice(1),
    message: { type: "text", text: { body: "Yes, since this morning!" } },
  });
  await customerWrites(number.phoneNumberId, customer.slice(1), {
    type: "edit",
    edit: {
      original_message_id: original,
      message: { type: "text", text: { body: "Is the blue kettle (1.7 l) back in stock?" } },
    },
  });
  const oops = await customerWrites(number.phoneNumberId, customer.slice(1), {
    type: "text",
    text: { body: "wrong chat, sorry" },
  });
  await customerWrites(number.phoneNumberId, customer.slice(1), {
    type: "revoke",
    revoke: { original_message_id: oops },
  });
  await expect
    .poll(() => db().message.count({ where: { organizationId: org.id, deletedAt: { not: null } } }), {
      timeout: 60_000,
    })
    .toBe(1);
  const conversation = await db().conversation.findFirstOrThrow({ where: { organizationId: org.id } });
  conversationId = conversation.id;
  // priced messages over two weeks, for the chart
  const contact = await db().contact.findFirstOrThrow({ where: { organizationId: org.id } });
  await db().$executeRaw`
    INSERT INTO messages (id, organization_id, channel_id, contact_id, direction, type, content, status,
                          pricing_category, pricing_billable, pricing_type, pricing_country, created_at, updated_at)
    SELECT gen_random_uuid(), ${org.id}::uuid, ${channelId}::uuid, ${contact.id}::uuid, 'outbound', 'template', '{}'::jsonb, 'delivered',
           (ARRAY['marketing','utility','service','authentication'])[1 + g % 4], g % 9 <> 0,
           CASE WHEN g % 9 <> 0 THEN 'regular' ELSE 'free_entry_point' END, (ARRAY['US','DE','BR'])[1 + g % 3],
           now() - ((g % 14) || ' days')::interval, now()
    FROM generate_series(1, 300) g`;
});

test("the Usage page: chart, tables, the owner's rate card and its estimated cost, at 1280 and 390 px", async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await signIn(page, org.staff.owner, "/dashboard/usage");
  await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
  // the page's first query ("Loading usage…") outlasted 10 s on a machine at a load of 15–24
  await expect(page.getByTestId("usage-chart").locator(".recharts-bar-rectangle").first()).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByRole("table", { name: "Usage by pricing category" })).toContainText("Marketing");
  await expect(page.getByText("Add a rate card to estimate it")).toBeVisible();
  await page.getByRole("button", { name: "Add a rate card" }).click();
  const dialog = page.getByRole("dialog", { name: "Rate card" });
  await dialog.getByLabel("Price", { exact: true }).fill("0.025");
  await dialog.getByRole("button", { name: "Add a price" }).click();
  await chooseOption(dialog.getByLabel("Category of price 2"), "utility");
  await dialog.getByLabel("Price", { exact: true }).nth(1).fill("abc");
  await dialog.getByRole("button", { name: "Save rate card" }).click();
  await expect(dialog.getByText("A price per message, e.g. 0.0625 (up to 6 decimals)")).toBeVisible();
  await dialog.getByLabel("Price", { exact: true }).nth(1).fill("0.004");
  await dialog.getByRole("button", { name: "Save rate card" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^\d+\.\d{2,6} USD$/).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoAxeViolations(page, "the Usage page");
  await screenshot(page, "usage-1280");
  // the range in the URL: 7 days
  await page.getByText("7 days").click();
  await expect(page).toHaveURL(/from=\d{4}-\d\d-\d\d&to=/);
  const csv = await page.request.get(`/api/dashboard/usage/export?${new URL(page.url()).searchParams}`);
  expect(await csv.text()).toMatch(/^day,category,messages,billable,free,estimated_cost,currency\r\n\d{4}-/);

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("table", { name: "Usage by day, newest first" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectFitsPhone(page, "the Usage page");
  await expectNoAxeViolations(page, "the Usage page on a phone");
  await screenshot(page, "usage-390");
  await page.getByRole("button", { name: "Edit rate card" }).click();
  await expect(page.getByRole("dialog", { name: "Rate card" })).toBeInViewport();
  await screenshot(page, "usage-rate-card-390");
});

test("an admin sees usage and the owner's rate card but cannot change it", async ({ page }) => {
  await signIn(page, org.staff.admin, "/dashboard/usage");
  await page.getByRole("button", { name: "View rate card" }).click();
  const card = page.getByRole("dialog", { name: "Rate card" });
  await expect(card).toContainText("Marketing, any other country: 0.025 USD");
  await expect(card.getByRole("button", { name: "Save rate card" })).toHaveCount(0);
});

test("an agent has no Usage page", async ({ page }) => {
  await signIn(page, org.staff.agent, "/dashboard");
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Usage" }),
  ).toHaveCount(0);
  await page.goto("/dashboard/usage");
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
});

test("channel settings: the number is marked shared with the Business app (20/s); marketing through Meta's API", async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await signIn(page, org.staff.admin, "/dashboard/channels");
  const row = page.getByRole("row").filter({ hasText: "Shop line" });
  await expect(row.getByText("Business app · 20/s")).toBeVisible();
  await row.getByRole("button", { name: "Settings of Shop line" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings of Shop line" });
  await expect(dialog.getByLabel("Shared with the WhatsApp Business app")).toBeChecked();
  await dialog.getByLabel("Send marketing templates through the Marketing Messages API").check();
  await page.waitForLoadState("networkidle");
  await expectNoAxeViolations(page, "the channel settings dialog");
  await screenshot(page, "channel-settings-1280");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(row.getByText("Marketing Messages API")).toBeVisible();
  expect((await db().channel.findUniqueOrThrow({ where: { id: channelId } })).marketingMessagesApi).toBe(
    true,
  );
  await page.setViewportSize(PHONE);
  await row.getByRole("button", { name: "Settings of Shop line" }).click();
  await expect(page.getByRole("dialog", { name: "Settings of Shop line" })).toBeInViewport();
  await expectFitsPhone(page, "the channel settings dialog");
  await screenshot(page, "channel-settings-390");
});

test("the thread: username, the app's messages, an edit and a deletion; an agent blocks and unblocks the customer", async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await signIn(page, org.staff.agent, `/dashboard/conversations?id=${conversationId}`);
  const thread = page.getByRole("list", { name: "Messages" });
  await expect(page.getByText("@grace.codes")).toBeVisible();
  await expect(thread).toContainText("Yes, since this morning!");
  await expect(thread).toContainText("From the WhatsApp Business app");
  await expect(thread).toContainText("Is the blue kettle (1.7 l) back in stock?");
  await expect(thread).toContainText("Original: Is the blue kettle back in stock?");
  await expect(thread).toContainText("This message was deleted");
  await expect(thread).not.toContainText("wrong chat, sorry");
  await page.waitForLoadState("networkidle");
  await expectNoAxeViolations(page, "the thread");
  await screenshot(page, "thread-coexistence-1280");

  await page.getByRole("button", { name: "Block", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Block Grace Hopper?" });
  await confirm.getByRole("button", { name: "Block customer" }).click();
  await expect(toast(page, "Grace Hopper is blocked.")).toBeVisible();
  // the thread's header shows the customer's restrictions beside its heading (issue 29 item 5)
  await expect(
    page.getByRole("region", { name: /Grace Hopper/ }).getByText("Blocked", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText("This customer is blocked: nothing can be sent to them.")).toBeVisible();
  expect(
    (await db().contact.findFirstOrThrow({ where: { organizationId: org.id, phone: customer } })).blockedAt,
  ).not.toBeNull();
  await page.setViewportSize(PHONE);
  await expectFitsPhone(page, "a blocked customer's thread");
  await screenshot(page, "thread-blocked-390");
  await page.getByRole("button", { name: "Unblock" }).click();
  await expect(toast(page, "Grace Hopper is unblocked.")).toBeVisible();
  await expect(page.getByRole("textbox").first()).toBeVisible();

  // contacts: the username is shown and found
  await page.goto("/dashboard/contacts?search=grace.codes");
  await expect(page.getByRole("table", { name: "Contacts" })).toContainText("@grace.codes");
});
