import { expect, type Page, test } from "./fixtures";
import type { PrivateData } from "./private-data";
import { DASHBOARD_PAGES, seedShowcase } from "./showcase-data";
import { screenshot, seedOrganization, signIn, type TestOrg } from "./support";

const PHONE = { width: 390, height: 844 };

let org: TestOrg;
let ids: PrivateData & { broadcast: string };

test.beforeAll(async () => {
  org = await seedOrganization();
  ids = await seedShowcase(org.id);
});

test.use({ viewport: PHONE });

/** The page's width, with the elements sticking out past the screen when it is too wide. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((limit) => {
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== "visible") return true;
      }
      return false;
    };
    const culprits: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      const escapes = getComputedStyle(el).position === "absolute" || !clipped(el);
      if (r.right > limit + 0.5 && culprits.length < 6 && escapes)
        culprits.push(
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${(el.textContent ?? "").slice(0, 30)}" (${Math.round(r.left)}–${Math.round(r.right)})`,
        );
    }
    return { width: document.documentElement.scrollWidth, culprits };
  }, PHONE.width);
}

async function expectFitsScreen(page: Page, what: string): Promise<void> {
  const found = await overflow(page);
  expect(found.width, `${what} is ${found.width} px wide: ${found.culprits.join("; ")}`).toBeLessThanOrEqual(
    PHONE.width,
  );
}

async function expectDialogInside(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  if (!box) throw new Error(`dialog ${name} has no box`);
  expect(box.x, `${name} starts off-screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends off-screen`).toBeLessThanOrEqual(PHONE.width);
  await expectFitsScreen(page, `the page under ${name}`);
}

test("no dashboard page is wider than a 390 px phone, and the navigation shows the current page", async ({
  page,
}) => {
  // eight pages, each also with its menu open
  test.setTimeout(180_000);
  await signIn(page, org.staff.owner, "/dashboard");
  for (const { path, heading, nav } of DASHBOARD_PAGES) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectFitsScreen(page, path);
    await screenshot(page, `phone${path.replace(/[/?=]/g, "-")}`);
    // the navigation is behind the Menu button; opened, it shows where you are
    await page.getByRole("button", { name: "Open the menu" }).click();
    const current = page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: nav, exact: true });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(current).toBeInViewport({ ratio: 1 });
    await expectFitsScreen(page, `${path} with the menu open`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
  }
  // a conversation's thread
  await page.goto(`/dashboard/conversations/${ids.conversation}`);
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("It ships today");
  await expectFitsScreen(page, "a conversation thread");
  await screenshot(page, "phone-conversation-thread");
  // a broadcast's page: counts, funnel, reasons, recipients as cards
  await page.goto(`/dashboard/broadcasts/${ids.broadcast}`);
  await expect(page.getByRole("heading", { level: 1, name: "Spring sale" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectFitsScreen(page, "a broadcast's page");
  await screenshot(page, "phone-broadcast-detail");
});

test("every dialog fits a 390 px phone", async ({ page }) => {
  await signIn(page, org.staff.owner, "/dashboard/keys");
  await page.getByRole("button", { name: "Create key" }).first().click();
  await expectDialogInside(page, "Create an API key");
  await screenshot(page, "phone-dialog-create-key");
  await page.keyboard.press("Escape");

  await page.goto("/dashboard/contacts");
  await page.getByRole("button", { name: "New contact" }).first().click();
  await expectDialogInside(page, "New contact");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Edit Ada Lovelace" }).click();
  await expectDialogInside(page, "Edit Ada Lovelace");
  await screenshot(page, "phone-dialog-edit-contact");
  await page.keyboard.press("Escape");

  await page.goto("/dashboard/webhooks");
  await page.getByRole("button", { name: "New webhook" }).first().click();
  await expectDialogInside(page, "New webhook");
  await page.keyboard.press("Escape");

  await page.goto("/dashboard/channels");
  await page.getByRole("button", { name: "Add channel" }).first().click();
  await expectDialogInside(page, "Add a WhatsApp channel");
  await page.keyboard.press("Escape");

  await page.goto("/dashboard/templates");
  await page.getByRole("button", { name: "Preview order_update" }).click();
  await expectDialogInside(page, "Template order_update");
  await page.keyboard.press("Escape");

  await page.goto("/dashboard/deliveries?status=any");
  await page.getByRole("button", { name: `Details of ${ids.delivery}` }).click();
  await expectDialogInside(page, "Delivery");
  await screenshot(page, "phone-dialog-delivery");
});
