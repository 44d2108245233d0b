import { BASE_URL } from "./env";
import { expect, test } from "./fixtures";
import { screenshot, seedOrganization, signIn, type TestOrg } from "./support";

let org: TestOrg;

test.beforeAll(async () => {
  org = await seedOrganization();
});

test("a signed-out visitor of a dashboard page is sent to sign-in, and back after signing in", async ({
  page,
}) => {
  await page.goto("/dashboard/contacts");
  await expect(page).toHaveURL(`${BASE_URL}/sign-in?callbackUrl=%2Fdashboard%2Fcontacts`);
  await expect(page.getByRole("heading", { name: "Sign in to the dashboard" })).toBeVisible();
  await screenshot(page, "sign-in");

  await signIn(page, org.staff.owner, "/dashboard/contacts");
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(org.name);
});

test("a wrong password is refused with a message, and the right one signs in", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(org.staff.admin.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "do not match" })).toHaveText(
    "That e-mail and password do not match an account.",
  );
  await expect(page).toHaveURL(/\/sign-in/);
  await screenshot(page, "sign-in-error");

  await page.getByLabel("Password").fill(org.staff.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await screenshot(page, "overview");
});

test("signing out ends the session: pages redirect again and JSON routes answer 401", async ({ page }) => {
  await signIn(page, org.staff.owner);
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  for (const link of [
    "Overview",
    "Conversations",
    "Contacts",
    "API keys",
    "Webhooks",
    "Deliveries",
    "Channels",
    "Templates",
  ]) {
    await expect(nav.getByRole("link", { name: link })).toBeVisible();
  }
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  await page.goto("/dashboard/keys");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fdashboard%2Fkeys/);
  const res = await page.request.get("/api/dashboard/contacts");
  expect(res.status()).toBe(401);
  expect(await res.json()).toMatchObject({ success: false, error: { code: "AUTH_SESSION_REQUIRED" } });
});

test("a stranger's wrong passwords from many addresses do not lock a staff member out", async ({ page }) => {
  const target = (await seedOrganization()).staff.agent;
  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  for (let i = 0; i < 11; i++) {
    const res = await page.request.post("/api/auth/callback/credentials", {
      form: { email: target.email, password: `wrong-${i}`, csrfToken, json: "true" },
      // another client address each time (the e2e stack trusts its loopback proxy)
      headers: { "x-forwarded-for": `10.9.${i}.${Math.floor(Math.random() * 250)}` },
    });
    expect((await res.json()).url).toContain("error=CredentialsSignin");
  }
  // the staff member, from an address that has not been failing, signs in with the right password
  await signIn(page, target);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
});

test("ten failures from one address lock that address for that account: the form says so", async ({
  page,
}) => {
  const target = (await seedOrganization()).staff.agent;
  // the browser's address for this test (through the trusted loopback proxy), so that the
  // failures do not count against 127.0.0.1, which every other spec signs in from
  const address = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  for (let i = 0; i < 10; i++) {
    const res = await page.request.post("/api/auth/callback/credentials", {
      form: { email: target.email, password: `wrong-${i}`, csrfToken, json: "true" },
      headers: { "x-forwarded-for": address },
    });
    expect((await res.json()).url).toContain("error=CredentialsSignin");
  }
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(target.email);
  await page.getByLabel("Password").fill(target.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many" })).toHaveText(
    "Too many sign-in attempts. Wait 15 minutes, then try again.",
  );
  await expect(page).toHaveURL(/\/sign-in/);
});

test("pages render and work under the content security policy, and refuse to be framed", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const answer = await page.goto("/sign-in");
  expect(answer?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(answer?.headers()["x-frame-options"]).toBe("DENY");
  await signIn(page, org.staff.owner, "/dashboard/contacts");
  await expect(page.getByRole("heading", { name: "Contacts", level: 1 })).toBeVisible();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/dashboard/keys`);
  expect(violations).toEqual([]);
});
