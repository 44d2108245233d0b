import { db } from "../lib/db";
import { createApiKey } from "../lib/keys/create-api-key";
import { expect, test } from "./fixtures";
import { DASHBOARD_PAGES, seedShowcase } from "./showcase-data";
import { randomPhone, SAME_ORIGIN, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

/**
 * What each role may see and do in the dashboard.
 *
 * Why it is slow (61 s in CI): an agent walks every page the navigation offers at two widths,
 * recording every request the page makes, to show the dashboard asks for nothing the role may not.
 */

let org: TestOrg;
let other: TestOrg;
let contactId: string;
let keyId: string;
const phone = randomPhone();

test.beforeAll(async () => {
  [org, other] = await Promise.all([seedOrganization(), seedOrganization()]);
  const contact = await db().contact.create({
    data: { organizationId: org.id, phone, name: "Private Person" },
  });
  contactId = contact.id;
  const { apiKey } = await createApiKey({
    organizationId: org.id,
    name: "Private key",
    kind: "sk",
    scopes: ["contacts:read"],
  });
  keyId = apiKey.id;
});

test("an agent sees contacts but cannot reach the keys page nor the keys routes", async ({ page }) => {
  await signIn(page, org.staff.agent, "/dashboard/contacts");
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Contacts" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: phone });
  await expect(row).toContainText("Private Person");
  await expect(row.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Import CSV" })).toHaveCount(0);

  await page.goto("/dashboard/keys");
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
  await expect(page.getByText("Private key")).toHaveCount(0);
  await screenshot(page, "keys-forbidden-agent");

  expect((await page.request.get("/api/dashboard/keys")).status()).toBe(403);
  const create = await page.request.post("/api/dashboard/keys", {
    data: { name: "agent key", kind: "sk", scopes: ["contacts:read"] },
    headers: SAME_ORIGIN,
  });
  expect(create.status()).toBe(403);
  expect(
    (await page.request.post(`/api/dashboard/keys/${keyId}/revoke`, { headers: SAME_ORIGIN })).status(),
  ).toBe(403);
  expect(
    (await page.request.delete(`/api/dashboard/contacts/${contactId}`, { headers: SAME_ORIGIN })).status(),
  ).toBe(403);
  expect((await db().apiKey.findUniqueOrThrow({ where: { id: keyId } })).revokedAt).toBeNull();
});

test("a user of another organization sees none of this one's contacts or keys", async ({ page }) => {
  await signIn(page, other.staff.owner, "/dashboard/contacts");
  await expect(page.getByText("No contacts yet")).toBeVisible();
  await page.getByLabel("Search contacts").fill(phone);
  await expect(page.getByText(`No contacts match “${phone}”`)).toBeVisible();
  await page.goto("/dashboard/keys");
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await expect(page.getByText("Private key")).toHaveCount(0);
  await screenshot(page, "other-org-keys");

  const list = await (
    await page.request.get(`/api/dashboard/contacts?search=${encodeURIComponent(phone)}`)
  ).json();
  expect(list.data.total).toBe(0);
  const edit = await page.request.patch(`/api/dashboard/contacts/${contactId}`, {
    data: { name: "Hijacked" },
    headers: SAME_ORIGIN,
  });
  expect(edit.status()).toBe(404);
  const remove = await page.request.delete(`/api/dashboard/contacts/${contactId}`, { headers: SAME_ORIGIN });
  expect(remove.status()).toBe(404);
  const revoke = await page.request.post(`/api/dashboard/keys/${keyId}/revoke`, { headers: SAME_ORIGIN });
  expect(revoke.status()).toBe(404);

  const contact = await db().contact.findUniqueOrThrow({ where: { id: contactId } });
  expect(contact.name).toBe("Private Person");
  expect((await db().apiKey.findUniqueOrThrow({ where: { id: keyId } })).revokedAt).toBeNull();
});

for (const width of [1280, 390]) {
  test(`an agent at ${width} px walks every page the navigation offers, and the dashboard makes no request the role may not make`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    const showcase = await seedOrganization();
    const ids = await seedShowcase(showcase.id);
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 401 || response.status() === 403)
        refused.push(`${response.status()} ${response.url()}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error") refused.push(`console: ${message.text()}`);
    });
    await signIn(page, showcase.staff.agent, "/dashboard");
    const paths = DASHBOARD_PAGES.map((p) => p.path).filter((path) => path !== "/dashboard/keys");
    for (const path of [
      ...paths,
      `/dashboard/conversations/${ids.conversation}`,
      `/dashboard/broadcasts/${ids.broadcast}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
    }
    expect(refused).toEqual([]);
  });
}
