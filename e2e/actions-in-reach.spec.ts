import { expect, type Locator, type Page, test } from "./fixtures";
import { LONG_URL_SHOWN, seedLongRows } from "./long-rows";
import { screenshot, seedOrganization, signIn, type TestOrg } from "./support";

/**
 * Every list page at 1280 px and on a 390 px phone, filled with the longest names and URLs a
 * customer may have: every row's actions are on the screen (no sideways scrolling, neither of
 * the page nor of the table's box), and a URL shows its host and path.
 *
 * Why it is slow (58 s in a run of `npm test` on a 2-core machine, 2026-12-01): it loads every list page at both widths, each filled with
 * long rows, and measures every row's controls in the browser, one page after another.
 */
let org: TestOrg;

test.beforeAll(async () => {
  org = await seedOrganization();
  await seedLongRows(org.id);
});

const LIST_PAGES = [
  { path: "/dashboard/contacts", heading: "Contacts", rows: "Contacts" },
  { path: "/dashboard/keys", heading: "API keys", rows: "API keys" },
  { path: "/dashboard/webhooks", heading: "Webhooks", rows: "Webhooks" },
  { path: "/dashboard/deliveries?status=any", heading: "Deliveries", rows: "Webhook deliveries" },
  { path: "/dashboard/channels", heading: "Channels", rows: "Channels" },
  { path: "/dashboard/templates", heading: "Templates", rows: "Message templates" },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator}`);
  return box;
}

/** Nothing scrolls sideways: the page, and the table's own box. */
async function expectNoSidewaysScroll(page: Page, table: Locator, what: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(width);
  const scroller = table.locator("xpath=..");
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, `${what}: the table scrolls sideways inside its box`).toBeLessThanOrEqual(
    clientWidth + 1,
  );
}

/**
 * Every button and link of every row lies inside the screen and inside the table's box. Measured
 * in one evaluation in the page: a round trip per control (five per control, hundreds per page)
 * took this test past three minutes on a loaded machine.
 */
async function expectActionsInReach(page: Page, table: Locator, what: string): Promise<number> {
  const width = page.viewportSize()?.width ?? 0;
  const frame = await boxOf(table.locator("xpath=.."));
  const { rows, controls } = await table.evaluate((el) => {
    const bodyRows = [...el.querySelectorAll("tbody tr")];
    const seen = bodyRows.flatMap((row, i) =>
      [...row.querySelectorAll("button, a")].flatMap((control) => {
        const box = control.getBoundingClientRect();
        const visible =
          box.width > 0 && box.height > 0 && control.checkVisibility({ visibilityProperty: true });
        if (!visible) return [];
        const name = (control.textContent ?? "").trim() || control.getAttribute("aria-label");
        return [{ row: i + 1, name, left: box.left, right: box.right }];
      }),
    );
    return { rows: bodyRows.length, controls: seen };
  });
  expect(rows, `${what} has rows`).toBeGreaterThan(0);
  for (const { row, name, left, right } of controls) {
    expect(left, `${what}, row ${row}: "${name}" starts off-screen`).toBeGreaterThanOrEqual(0);
    expect(right, `${what}, row ${row}: "${name}" ends past the screen`).toBeLessThanOrEqual(width);
    expect(right, `${what}, row ${row}: "${name}" is cut by the table`).toBeLessThanOrEqual(
      frame.x + frame.width + 0.5,
    );
  }
  return controls.length;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("every row's actions are in reach on every list page, and URLs show host and path", async ({
      page,
    }) => {
      // six list pages, every control of every row measured, then three pages for the URL
      test.setTimeout(180_000);
      await signIn(page, org.staff.owner, "/dashboard");
      for (const { path, heading, rows } of LIST_PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        const table = page.getByRole("table", { name: rows });
        await expect(table.locator("tbody tr").first()).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectNoSidewaysScroll(page, table, path);
        const checked = await expectActionsInReach(page, table, path);
        expect(checked, `${path}: row actions found`).toBeGreaterThan(0);
        await screenshot(page, `reach-${viewport.width}${path.replace(/[/?=]/g, "-")}`);
      }

      // the meaningful part of a long webhook URL: host and path, whole, on the screen
      for (const path of ["/dashboard/webhooks", "/dashboard/deliveries?status=any", "/dashboard"]) {
        await page.goto(path);
        const url = page.getByText(LONG_URL_SHOWN).first();
        await expect(url).toBeVisible();
        const box = await boxOf(url);
        expect(box.x + box.width, `${path}: the URL runs off the screen`).toBeLessThanOrEqual(viewport.width);
      }

      // a row menu opens with every action on the screen
      await page.goto("/dashboard/webhooks");
      await page
        .getByRole("button", { name: /^Actions for Billing/ })
        .first()
        .click();
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: "Delete" })).toBeVisible();
      const box = await boxOf(menu);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `reach-${viewport.width}-webhook-menu`);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
    });
  });
}
