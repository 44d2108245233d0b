import { db } from "../lib/db";
import { createFlow } from "../lib/flows/create-flow";
import { expect, test } from "./fixtures";
import { connectSandbox, sandboxChannel } from "./sandbox-support";
import {
  expectFitsPhone,
  expectNoAxeViolations,
  SAME_ORIGIN,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
  toast,
} from "./support";

let org: TestOrg;
let good: string;
let broken: string;
let brokenId: string;

const screen = (children: unknown[]) => ({
  id: "SIGN_UP",
  title: "Sign up",
  terminal: true,
  layout: { type: "SingleColumnLayout", children },
});
const FOOTER = { type: "Footer", label: "Done", "on-click-action": { name: "complete", payload: {} } };

test.beforeAll(async () => {
  await connectSandbox();
  org = await seedOrganization();
  const { channel } = await sandboxChannel(org.id, "Flows line", []);
  const suffix = Math.random().toString(36).slice(2, 8);
  good = `newsletter_signup_${suffix}`;
  broken = `broken_survey_${suffix}`;
  await createFlow(org.id, {
    name: good,
    categories: ["SIGN_UP", "LEAD_GENERATION"],
    channel_id: channel.id,
    flow_json: {
      version: "7.2",
      screens: [screen([{ type: "TextInput", name: "email", label: "E-mail" }, FOOTER])],
    },
  });
  ({ id: brokenId } = await createFlow(org.id, {
    name: broken,
    categories: ["SURVEY"],
    channel_id: channel.id,
    flow_json: { version: "7.2", screens: [screen([{ type: "StarRating", name: "stars" }, FOOTER])] },
  }));
});

test("the Flows page: status, categories, last change, preview, and Publish after a confirmation (1280 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, org.staff.admin, "/dashboard");
  await page.getByRole("link", { name: "Flows", exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/flows$/);

  const goodRow = page.getByRole("row").filter({ hasText: good });
  const brokenRow = page.getByRole("row").filter({ hasText: broken });
  await expect(goodRow).toContainText("Draft");
  await expect(goodRow).toContainText("Sign up, Lead generation");
  await expect(goodRow).toContainText(/now|seconds? ago|minute/);
  await expect(brokenRow).toContainText("1 error in the Flow JSON");
  await expectNoAxeViolations(page, "the Flows page");
  await screenshot(page, "flows-1280");

  // a Flow JSON with errors: the dialog says so and nothing changes
  await brokenRow.getByRole("button", { name: `Publish ${broken}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("dialog")).toContainText("fix them");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(brokenRow).toContainText("Draft");

  await goodRow.getByRole("button", { name: `Publish ${good}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("cannot be undone");
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, `${good} published.`)).toBeVisible();
  await expect(goodRow).toContainText("Published");
  await expect(goodRow.getByRole("button", { name: `Publish ${good}` })).toHaveCount(0);

  // Meta's preview opens in a new tab
  const [preview] = await Promise.all([
    page.context().waitForEvent("page"),
    goodRow.getByRole("button", { name: `Preview ${good}` }).click(),
  ]);
  await preview.waitForLoadState();
  await expect(preview.locator("h1")).toHaveText(good);
  await preview.close();
});

test("agents see the Flows without Publish; the page fits a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, org.staff.agent, "/dashboard/flows");
  const brokenRow = page.getByRole("row").filter({ hasText: broken });
  await expect(brokenRow).toContainText("Draft");
  await expect(page.getByRole("button", { name: /^Publish/ })).toHaveCount(0);
  await expect(brokenRow.getByRole("button", { name: `Preview ${broken}` })).toBeVisible();
  await expectFitsPhone(page, "the Flows page");
  // hiding is not access control: the route refuses an agent too; another organization's id is 404
  const publish = (id: string) =>
    page.request.post(`/api/dashboard/flows/${id}/publish`, { headers: SAME_ORIGIN });
  expect((await publish(brokenId)).status()).toBe(403);
  const stranger = await seedOrganization();
  await page.context().clearCookies();
  await signIn(page, stranger.staff.admin, "/dashboard/flows");
  await expect(page.getByText("No Flows yet")).toBeVisible();
  expect((await publish(brokenId)).status()).toBe(404);
  expect((await page.request.get(`/api/dashboard/flows/${brokenId}/preview`)).status()).toBe(404);
  await screenshot(page, "flows-390");
});

test("a channel whose Flows could not be read says so above the list, at 1280 and 390 px", async ({
  page,
}) => {
  const own = await seedOrganization();
  const { channel } = await sandboxChannel(own.id, "Flows refused", []);
  // as worker/templates.ts writes a failed Flows sync
  const error =
    "Graph API error 200: (#200) The user does not have permission to manage Flows of this WhatsApp Business Account";
  await db().channel.update({
    where: { id: channel.id },
    data: { flowsSyncFailedAt: new Date(), flowsSyncError: error },
  });
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await signIn(page, own.staff.admin, "/dashboard/flows");
    const notice = page
      .getByRole("alert")
      .filter({ hasText: "The Flows of Flows refused could not be read" });
    await expect(notice).toContainText("this list may be out of date for it");
    await expect(notice).toContainText(error);
    await expect(notice).toContainText("Sync templates now");
    await expect(page.getByText("No Flows yet")).toBeVisible();
    if (viewport.width === 390) await expectFitsPhone(page, "the Flows page");
    await expectNoAxeViolations(page, "the Flows page", { settle: true });
    await screenshot(page, `flows-sync-failed-${viewport.width}`);
    await page.context().clearCookies();
  }
});
