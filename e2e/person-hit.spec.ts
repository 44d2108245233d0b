/**
 * Two things a person hit (issue 35 item 6): the API reference (/docs, linked from the
 * dashboard's navigation) was 420 px wide on a 390 px phone (a long path did not wrap); an agent's
 * Deliveries page must offer the organization's webhooks in its Webhook filter.
 *
 * Why it is slow (149 s in a run at a load of about 20, 2026-11-29; the /docs test 2.1 min of it):
 * /docs is the whole API reference on one page, at 390 px many screens tall: the browser lays it
 * out, the test takes a full-page screenshot of it, and axe scans three of its parts.
 */

import { createWebhook } from "../lib/webhooks/create-webhook";
import { expect, test } from "./fixtures";
import { expectFitsPhone, expectNoAxeViolations, screenshot, seedOrganization, signIn } from "./support";

test.use({ viewport: { width: 390, height: 844 } });

test("an agent filters deliveries by webhook: the filter lists the organization's webhooks, no other's", async ({
  page,
}) => {
  const [org, other] = await Promise.all([seedOrganization(), seedOrganization()]);
  await createWebhook(org.id, {
    url: "http://127.0.0.1:9/hook",
    events: ["message.inbound"],
    name: "Support desk",
  });
  await createWebhook(other.id, {
    url: "http://127.0.0.1:9/other",
    events: ["message.inbound"],
    name: "Not yours",
  });
  await signIn(page, org.staff.agent, "/dashboard/deliveries");
  await page.getByRole("button", { name: "Filters" }).click();
  const filter = page.getByLabel("Webhook");
  await filter.click();
  const listbox = page.getByRole("listbox");
  await expect(listbox.getByRole("option", { name: "Support desk" })).toBeVisible();
  await expect(listbox.getByRole("option", { name: "Not yours" })).toHaveCount(0);
  // chosen from the list already open: closing it with Escape and opening it again hung once in CI
  // on a loaded machine (a click waiting the whole test's limit for the reopened list)
  await listbox.getByRole("option", { name: "Support desk", exact: true }).click();
  await expect(listbox).toBeHidden();
  await expect(page).toHaveURL(/webhook/);
  await expect(filter).toContainText("Support desk");
  await expectFitsPhone(page, "the deliveries page");
});

test("the API reference fits a 390 px phone", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // the longest path (/v1/webhooks/{id}/deliveries/{deliveryId}/…) wraps instead of widening the page
  await expectFitsPhone(page, "/docs");
  // the first screen: the whole reference at 390 px is tens of thousands of pixels tall, whose
  // full-page capture ran past 60 s in CI (what fits is measured above, on the whole page)
  await screenshot(page, "phone-docs", { fullPage: false });
  // code samples and tables scroll inside a box a keyboard can focus (axe scrollable-region-focusable):
  // the envelope, one operation with body, answers and errors, and one event
  await expectNoAxeViolations(page, "/docs", {
    include: ["#envelope", "#sendMessage", "#event-message-inbound"],
  });
});
