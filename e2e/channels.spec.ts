import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { channelOn, SANDBOX_URL, type SandboxNumber, sandboxNumber, setTemplates } from "./sandbox-support";
import { screenshot, seedOrganization, signIn, type TestOrg, toast } from "./support";

const ORDER_UPDATE = {
  name: "order_update",
  language: "en_US",
  category: "UTILITY",
  components: [
    { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
    { type: "BODY", text: "Hi {{1}}, your order {{2}} is on its way." },
    { type: "FOOTER", text: "Reply STOP to opt out" },
    { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "Track it" }] },
  ],
};
const ORDER_UPDATE_ES = { ...ORDER_UPDATE, language: "es", status: "PENDING" };
const WELCOME = {
  name: "welcome",
  language: "en_US",
  category: "MARKETING",
  components: [{ type: "BODY", text: "Welcome!" }],
};
const SHIPPING = {
  name: "shipping_notice",
  language: "en_US",
  components: [{ type: "BODY", text: "Shipped." }],
};

let org: TestOrg;
let number: SandboxNumber;

test.beforeAll(async () => {
  org = await seedOrganization();
  number = await sandboxNumber({
    verifiedName: "E2E Shop",
    templates: [ORDER_UPDATE, ORDER_UPDATE_ES, WELCOME],
  });
});

test("add a channel on the sandbox, see its templates, sync them again, deactivate it", async ({ page }) => {
  await signIn(page, org.staff.owner, "/dashboard/channels");
  await expect(page.getByText("No channels yet")).toBeVisible();
  await page.getByRole("button", { name: "Add channel" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add a WhatsApp channel" });
  await dialog.getByLabel("Phone number id").fill(number.phoneNumberId);
  await dialog.getByLabel("WhatsApp Business Account id").fill(number.wabaId);
  await dialog.getByLabel("Access token").fill("not-the-token");
  await dialog.getByLabel("Graph API URL (optional)").fill(`${SANDBOX_URL}/v23.0`);
  await dialog.getByRole("button", { name: "Add channel" }).click();
  await expect(dialog.getByText("WhatsApp refused it")).toBeVisible();
  await expect(dialog.getByLabel("Access token")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Access token").fill(number.token);
  await screenshot(page, "channels-add-dialog");
  await dialog.getByRole("button", { name: "Add channel" }).click();
  await expect(toast(page, "Channel E2E Shop added; its templates are being synced.")).toBeVisible();
  await expect(toast(page, "Templates of E2E Shop synced: 2 active.")).toBeVisible({ timeout: 60_000 });
  const row = page.getByRole("row").filter({ hasText: "E2E Shop" });
  await expect(row).toContainText(number.phoneNumberId);
  await expect(row).toContainText(number.wabaId);
  await expect(row).toContainText(number.display);
  await expect(row).toContainText("Active");
  const channel = await db().channel.findFirstOrThrow({ where: { organizationId: org.id } });
  expect(channel.accessTokenEnc).not.toContain(number.token);
  const firstSync = channel.templatesSyncedAt;
  expect(firstSync).not.toBeNull();

  // templates: every language with its status, and a preview of the components
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Templates" }).click();
  const template = page.getByRole("row").filter({ hasText: "order_update" });
  await expect(template).toContainText("en_US · Approved");
  await expect(template).toContainText("es · Pending");
  await expect(template).toContainText("Utility");
  await screenshot(page, "templates-list");
  await template.getByRole("button", { name: "Preview order_update" }).click();
  const preview = page.getByRole("dialog", { name: "Template order_update" });
  await expect(preview).toContainText("Hi {{1}}, your order {{2}} is on its way.");
  await expect(preview.getByRole("list", { name: "Buttons" })).toContainText("Track it");
  await screenshot(page, "templates-preview");
  await preview.getByRole("button", { name: "Close" }).first().click();

  // a new template upstream, then "Sync templates now"
  await setTemplates(number.wabaId, [ORDER_UPDATE, ORDER_UPDATE_ES, WELCOME, SHIPPING]);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Channels" }).click();
  await row.getByRole("button", { name: "Sync templates now for E2E Shop" }).click();
  await expect(toast(page, "Templates of E2E Shop synced: 3 active.")).toBeVisible({ timeout: 60_000 });
  const synced = await db().channel.findUniqueOrThrow({ where: { id: channel.id } });
  expect(synced.templatesSyncedAt?.getTime()).toBeGreaterThan(firstSync?.getTime() ?? 0);
  await screenshot(page, "channels-list");

  await row.getByRole("button", { name: "Deactivate E2E Shop" }).click();
  const confirm = page.getByRole("dialog", { name: "Deactivate this channel?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Deactivate channel" }).click();
  await expect(row).toContainText("Inactive");
  await expect(row.getByRole("button", { name: /Sync templates now/ })).toHaveCount(0);
  expect((await db().channel.findUniqueOrThrow({ where: { id: channel.id } })).status).toBe("inactive");
});

test("a sync asked for just before leaving the page is still announced when the page shows again", async ({
  page,
}) => {
  const own = await seedOrganization();
  const depot = await sandboxNumber({ verifiedName: "E2E Depot", templates: [WELCOME] });
  const channel = await channelOn(own.id, "E2E Depot", depot);
  await expect
    .poll(async () => (await db().channel.findUnique({ where: { id: channel.id } }))?.templatesSyncedAt, {
      timeout: 30_000,
    })
    .not.toBeNull();
  await setTemplates(depot.wabaId, [WELCOME, SHIPPING]);
  await signIn(page, own.staff.owner, "/dashboard/channels");

  // the request is held until the person has gone on to another page
  const syncRoute = /\/api\/dashboard\/channels\/[^/]+\/sync$/;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(syncRoute, async (route) => {
    await held;
    await route.continue();
  });
  const sent = page.waitForRequest(syncRoute);
  await page.getByRole("button", { name: "Sync templates now for E2E Depot" }).click();
  await sent;
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await nav.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
  const answered = page.waitForResponse(syncRoute);
  release();
  expect((await answered).status()).toBe(202);

  await nav.getByRole("link", { name: "Channels" }).click();
  await expect(toast(page, "Templates of E2E Depot synced: 2 active.")).toBeVisible({ timeout: 60_000 });
});

test("a sync WhatsApp refuses (a WhatsApp Business Account the token cannot read) says why, on the row and when asked again", async ({
  page,
}) => {
  const own = await seedOrganization();
  const kiosk = await sandboxNumber({ verifiedName: "E2E Kiosk", templates: [WELCOME] });
  // added through the operator's CLI path, which does not ask WhatsApp first: a WABA id of nobody's
  const channel = await channelOn(own.id, "E2E Kiosk", kiosk, "987650000001");
  await expect
    .poll(async () => (await db().channel.findUnique({ where: { id: channel.id } }))?.templatesSyncFailedAt, {
      timeout: 30_000,
    })
    .not.toBeNull();
  await signIn(page, own.staff.owner, "/dashboard/channels");
  const row = page.getByRole("row").filter({ hasText: "E2E Kiosk" });
  await expect(row).toContainText("Synced Never");
  await expect(row).toContainText(/Last sync failed .*: Graph API error 100: Unsupported get request/);

  await row.getByRole("button", { name: "Sync templates now for E2E Kiosk" }).click();
  await expect(toast(page, /The template sync of E2E Kiosk failed: Graph API error 100/)).toBeVisible({
    timeout: 60_000,
  });
  await screenshot(page, "channels-sync-failed");
});
