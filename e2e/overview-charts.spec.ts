import { db } from "../lib/db";
import { expect, type Page, test } from "./fixtures";
import { screenshot, seedOrganization, signIn, type TestOrg } from "./support";

/**
 * Item 5 of issue 19: the overview's charts (Recharts) never print two axis labels over each
 * other, at any width; a tooltip gives a period's exact figure; a table behind each chart holds
 * every number. The owner's Overview has three charts: messages sent, messages received and, in its
 * Developers section (an organization with a webhook), webhook deliveries.
 */
let org: TestOrg;
const SENT_TWO_HOURS_AGO = 7;
/** of those, templates WhatsApp accepted and holds for a quality check (template pacing) */
const HELD = 2;
/** of those, held because their template is paused (the words differ: not a quality check) */
const PAUSED = 1;

test.beforeAll(async () => {
  org = await seedOrganization();
  const contact = await db().contact.create({ data: { organizationId: org.id, phone: "+14155550199" } });
  await db().webhook.create({
    data: {
      id: `wbk_${Math.random().toString(16).slice(2).padEnd(24, "0").slice(0, 24)}`,
      organizationId: org.id,
      name: "Charts hook",
      url: "https://hooks.example.com/charts",
      events: ["contact.created"],
    },
  });
  const at = new Date(Date.now() - 2 * 3_600_000);
  await db().message.createMany({
    data: Array.from({ length: SENT_TWO_HOURS_AGO }, (_, i) => ({
      organizationId: org.id,
      contactId: contact.id,
      direction: "outbound" as const,
      type: "text",
      content: {},
      status: "sent" as const,
      pacing: i < HELD ? ("held" as const) : i < HELD + PAUSED ? ("paused" as const) : null,
      createdAt: at,
    })),
  });
});

type Box = { left: number; right: number; text: string };

/** The x-axis labels of every chart on the page, left to right, per chart. */
async function axisLabels(page: Page): Promise<Box[][]> {
  return page.locator("[data-chart]").evaluateAll((charts) =>
    charts.map((chart) =>
      [...chart.querySelectorAll(".recharts-xAxis-tick-labels text")]
        .map((t) => {
          const r = t.getBoundingClientRect();
          return { left: r.left, right: r.right, text: t.textContent ?? "" };
        })
        .filter((b) => b.right > b.left)
        .sort((a, b) => a.left - b.left),
    ),
  );
}

for (const width of [1440, 1280, 1024, 768, 390]) {
  test(`at ${width} px no two axis labels overlap, in either period`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, org.staff.owner, "/dashboard");
    // the held ones are sent, and said to be held (they have not reached the customer yet)
    await expect(page.getByRole("region", { name: "Messages sent" })).toContainText(
      `${HELD} held by WhatsApp for a quality check · ${PAUSED} paused by WhatsApp (template paused)`,
    );
    for (const period of ["Last 24 hours", "Last 7 days"]) {
      await page.getByRole("radio", { name: period }).click();
      await expect(page.getByRole("radio", { name: period })).toBeChecked();
      // all three charts drawn with their labels, not only the first (the first alone was read once)
      await expect
        .poll(async () => (await axisLabels(page)).filter((labels) => labels.length >= 2).length)
        .toBe(3);
      const charts = await axisLabels(page);
      expect(charts).toHaveLength(3);
      for (const labels of charts) {
        expect(labels.length, `${period} at ${width}: some labels show`).toBeGreaterThanOrEqual(2);
        for (let i = 1; i < labels.length; i++) {
          const [a, b] = [labels[i - 1], labels[i]];
          if (!a || !b) continue;
          expect(a.right, `"${a.text}" overlaps "${b.text}" (${period}, ${width} px)`).toBeLessThanOrEqual(
            b.left,
          );
        }
        const box = await page.locator("main").boundingBox();
        for (const l of labels)
          expect(l.right).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? width) + 1);
      }
      await screenshot(page, `overview-${width}-${period.replace(/ /g, "")}`);
    }
  });
}

test("a tooltip gives the exact figure, and the table behind the chart holds every period", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, org.staff.owner, "/dashboard");
  const sent = page.getByRole("region", { name: "Messages sent" });
  await expect(sent).toContainText(String(SENT_TWO_HOURS_AGO));
  const bars = sent.locator(".recharts-bar-rectangle");
  await expect(bars.first()).toBeVisible();
  await bars.first().hover();
  const tooltip = sent.locator("[data-chart-tooltip]");
  await expect(tooltip).toContainText(`Sent: ${SENT_TWO_HOURS_AGO}`);
  await expect(tooltip).toContainText("Failed: 0");

  await sent.getByText("Show the numbers").click();
  const table = sent.getByRole("table", { name: "Messages sent per period" });
  await expect(table.getByRole("row")).toHaveCount(25);
  await expect(table.getByRole("cell", { name: String(SENT_TWO_HOURS_AGO), exact: true })).toHaveCount(1);
  await screenshot(page, "overview-tooltip-table");
});
