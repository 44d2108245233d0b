import { BASE_URL, E2E_HANG_MS } from "./env";
import { expect, test } from "./fixtures";
import { SAME_ORIGIN, screenshot, seedOrganization, signIn, type TestOrg, toast } from "./support";

let org: TestOrg;

test.beforeAll(async () => {
  org = await seedOrganization();
});

async function v1(key: string, path = "/v1/contacts"): Promise<number> {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  return res.status;
}

test("an owner creates a key, uses it against /v1, sees it listed, and revokes it", async ({ page }) => {
  await signIn(page, org.staff.owner, "/dashboard/keys");
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await screenshot(page, "keys-empty");

  await page.getByRole("button", { name: "Create key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("give the key a name")).toBeVisible();
  await expect(dialog.getByText("choose at least one scope")).toBeVisible();

  await dialog.getByLabel("Name").fill("CRM sync");
  await dialog.getByLabel("Publishable (service_pk_)").check();
  await expect(dialog.getByLabel("contacts:write")).toBeDisabled();
  await dialog.getByLabel("Secret (service_sk_)").check();
  await dialog.getByLabel("contacts:read").check();
  await dialog.getByLabel("contacts:write").check();
  await screenshot(page, "keys-create-dialog");
  await dialog.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByRole("dialog", { name: "Copy your new key" });
  await expect(shown.getByRole("button", { name: "Copy key" })).toBeFocused();
  const key = (await shown.getByTestId("new-api-key").textContent()) ?? "";
  expect(key).toMatch(/^service_sk_[A-Za-z0-9_-]{43}$/);
  await screenshot(page, "keys-created-once");
  expect(await v1(key)).toBe(200);
  await page.keyboard.press("Escape");
  await expect(shown).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: "CRM sync" });
  await expect(row).toContainText(`service_sk_…${key.slice(-4)}`);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("contacts:read");
  await page.reload();
  // columns: name (with the key and its kind), scopes, used (last use, creation, expiry), status
  await expect(row.getByRole("cell").nth(2)).toContainText("Last used");
  await expect(row.getByRole("cell").nth(2)).toContainText("Never expires");
  await screenshot(page, "keys-list");

  await row.getByRole("button", { name: "Revoke CRM sync" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this key?" });
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  await expect(toast(page, "Key “CRM sync” revoked.")).toBeVisible();
  await expect.poll(() => v1(key), { timeout: E2E_HANG_MS }).toBe(401);
});

test("the keys route refuses requests that do not come from the dashboard (CSRF)", async ({ page }) => {
  await signIn(page, org.staff.admin, "/dashboard/keys");
  const body = { name: "forged", kind: "sk", scopes: ["contacts:read"] };
  const forged = await page.request.post("/api/dashboard/keys", {
    data: body,
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toMatchObject({ error: { code: "AUTH_CSRF_REJECTED" } });
  const noOrigin = await page.request.post("/api/dashboard/keys", { data: body });
  expect(noOrigin.status()).toBe(403);

  const pkWrite = await page.request.post("/api/dashboard/keys", {
    data: { name: "bad", kind: "pk", scopes: ["contacts:write"] },
    headers: SAME_ORIGIN,
  });
  expect(pkWrite.status()).toBe(400);
  const listed = await page.request.get("/api/dashboard/keys");
  expect(listed.status()).toBe(200);
  const names = ((await listed.json()).data.keys as { name: string }[]).map((k) => k.name);
  expect(names).not.toContain("forged");
  expect(names).not.toContain("bad");
});
