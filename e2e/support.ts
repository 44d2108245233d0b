import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import type { Role } from "../lib/auth/roles";
import { createOrganization } from "../lib/organizations/create-organization";
import { createUser } from "../lib/users/create-user";
import { quickPasswordHash } from "../scripts/test/password-hash";
import { randomPhone } from "../scripts/test/random-data";
import { BASE_URL } from "./env";

export type Staff = { id: string; email: string; password: string; role: Role };
export type TestOrg = { id: string; name: string; staff: Record<Role, Staff> };

/** A new organization with an owner, an admin and an agent (random e-mails): each spec has its own. */
export async function seedOrganization(): Promise<TestOrg> {
  const name = `E2E ${randomUUID().slice(0, 8)}`;
  const org = await createOrganization({ name });
  const make = async (role: Role): Promise<Staff> => {
    const email = `${role}-${randomUUID().slice(0, 12)}@e2e.example`;
    const password = randomBytes(12).toString("base64url");
    const user = await createUser({
      organizationId: org.id,
      email,
      passwordHash: quickPasswordHash(password),
      role,
      name: `${role} ${name}`,
    });
    return { id: user.id, email, password, role };
  };
  const [owner, admin, agent] = await Promise.all([make("owner"), make("admin"), make("agent")]);
  return { id: org.id, name, staff: { owner, admin, agent } };
}

export async function signIn(page: Page, staff: Staff, callbackPath = "/dashboard"): Promise<void> {
  // from a blank page: a dashboard page left open (its cookies just cleared) sends itself to the
  // sign-in page when its next request is refused, and that navigation aborted this one
  // (net::ERR_ABORTED, CI on a loaded machine, contact-consent's switch from agent to admin)
  if (page.url() !== "about:blank") await page.goto("about:blank");
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel("E-mail").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // the first sign-in after the stack starts (cold server, password hashing on a busy machine) can take >10 s
  await expect(page).toHaveURL(`${BASE_URL}${callbackPath}`, { timeout: 30_000 });
  await whenHydrated(page);
}

/**
 * Waits until React has hydrated the page (components/hydration-mark.tsx): a click on the
 * server-rendered HTML before that does nothing (CI, a loaded machine: "Import CSV" clicked, no
 * dialog). Call it after a `page.goto` that is followed by a click.
 */
export async function whenHydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
}

const ARTIFACTS = join(process.cwd(), "e2e", "artifacts");

/** A screenshot (the full page unless told otherwise) kept as a test artifact: e2e/artifacts/<name>.png. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage });
}

/** Headers a same-origin fetch from a dashboard page carries (for page.request calls). */
export const SAME_ORIGIN = { Origin: BASE_URL, "Sec-Fetch-Site": "same-origin" } as const;

// one definition for Playwright and vitest (scripts/test/helpers.ts)
export { randomPhone };

/**
 * Chooses an option of one of our selects (components/ui/select.tsx, Radix Select: a combobox
 * button opening a listbox): by its value, or by its visible label.
 */
export async function chooseOption(
  select: Locator,
  option: string | { label: string | RegExp },
): Promise<void> {
  await select.click();
  const listbox = select.page().getByRole("listbox");
  const item =
    typeof option === "string"
      ? listbox.locator(`[role="option"][data-value="${option}"]`)
      : listbox.getByRole("option", { name: option.label, exact: typeof option.label === "string" });
  await item.click();
  await expect(listbox).toBeHidden();
}

/**
 * A toast (components/ui/toast.tsx, Radix Toast) by its text. Radix also announces it through a
 * visually hidden copy for a second; this looks inside the notifications region only.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole("region", { name: /Notification/ }).getByText(text);
}

/**
 * The page passes an axe-core scan. `settle`: wait for the network to go quiet first (a page
 * still loading its lists is scanned half drawn); `include`: only these parts of the page.
 */
export async function expectNoAxeViolations(
  page: Page,
  what = "the page",
  options: { settle?: boolean; include?: string[] } = {},
): Promise<void> {
  if (options.settle) await page.waitForLoadState("networkidle");
  // Every page is scanned with axe.run in the page itself (axe's "legacy" mode): the default runs
  // axe.runPartial in each frame, then opens a blank page per scan to finish, injecting axe there
  // too, which cost the most scanned spec 210–223 s of CPU against 164 s (dashboard-a11y,
  // alternated, docs/development.md). Neither mode can vouch for a frame's inside: legacy skips it,
  // and the default gives up on a frame whose injection takes over 1 s (@axe-core/playwright's
  // limit, reached in CI under load), passing it unscanned in silence. None of our pages has a
  // frame; one that does fails here, so the gate never passes what it did not look at.
  const frames = page.frames().length - 1;
  if (frames > 0) {
    throw new Error(
      `axe on ${what}: the page has ${frames} frame(s), whose inside this gate cannot scan reliably`,
    );
  }
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  // a very long page (the API reference) is scanned in representative parts: whole, it took minutes
  for (const selector of options.include ?? []) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(found, `axe on ${what}`).toEqual([]);
}

/** Nothing is wider than a phone's screen (no sideways scrolling). */
export async function expectFitsPhone(page: Page, what: string, width = 390): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${what} is ${scrollWidth} px wide`).toBeLessThanOrEqual(width);
}
