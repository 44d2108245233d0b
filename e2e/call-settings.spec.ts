import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { SANDBOX_URL, sandboxChannel } from "./sandbox-support";
import {
  chooseOption,
  expectNoAxeViolations,
  SAME_ORIGIN,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

/**
 * Issue 32 part 3: the Channels page's Calling section. Owners edit a number's calling, call
 * button, call hours, callback question and ring time; the save goes to the sandbox's (Meta's)
 * settings API first (proved by reading the sandbox back). Agents read the same settings, with no
 * control. At 1280 and 390 px.
 *
 * Why it is slow (54 s in a run of `npm test` on a 2-core machine, 2026-12-01): six tests, and each owner's edit is saved to the sandbox
 * and read back from it before the page is checked.
 */

let org: TestOrg;

test.beforeAll(async () => {
  org = await seedOrganization();
});

async function upstreamCalling(phoneNumberId: string, token: string) {
  const res = await fetch(`${SANDBOX_URL}/v23.0/${phoneNumberId}/settings`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { calling: Record<string, unknown> }).calling;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`an owner edits a channel's calling settings, saved to WhatsApp first (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const name = `E2E Calling ${viewport.width}`;
    const { channel, number } = await sandboxChannel(org.id, name, []);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.owner, "/dashboard/channels");
    const item = page.getByRole("listitem", { name: `Calling on ${name}` });
    await expect(item).toContainText("Not set here", { timeout: 30_000 });
    await expect(item).toContainText("60 seconds");
    await item.getByRole("button", { name: `Edit calling of ${name}` }).click();

    const dialog = page.getByRole("dialog");
    await chooseOption(dialog.getByLabel("Calling", { exact: true }), "ENABLED");
    await chooseOption(dialog.getByLabel("Call button in WhatsApp"), "DISABLE_ALL");
    await chooseOption(dialog.getByLabel("Ask callers to allow callbacks"), "ENABLED");
    await dialog.getByLabel("Ring time (seconds)").fill("5");
    await dialog.getByLabel("Take calls only during call hours").check();
    await dialog.getByLabel("Time zone").fill("Europe/Berlin");
    await dialog.getByLabel("Monday opens").fill("08:30");
    await dialog.getByLabel("Monday closes").fill("16:00");
    await dialog.getByLabel("Friday", { exact: true }).uncheck();
    await expectNoAxeViolations(page, "the calling form");
    await dialog.getByRole("button", { name: "Save calling settings" }).click();
    // the ring time is checked here first, in words
    await expect(dialog).toContainText("Ring time must be a whole number of seconds from 10 to 120");
    await dialog.getByLabel("Ring time (seconds)").fill("25");
    await dialog.getByRole("button", { name: "Save calling settings" }).click();
    await expect(dialog).toBeHidden({ timeout: 60_000 });

    await expect(item).toContainText("Calling on");
    await expect(item).toContainText("Hidden");
    await expect(item).toContainText("Mon 08:30–16:00");
    await expect(item).not.toContainText("Fri ");
    await expect(item).toContainText("Europe/Berlin");
    await expect(item).toContainText("25 seconds");
    // WhatsApp (the sandbox) holds them
    const upstream = await upstreamCalling(number.phoneNumberId, number.token);
    expect(upstream).toMatchObject({
      status: "ENABLED",
      call_icon_visibility: "DISABLE_ALL",
      callback_permission_status: "ENABLED",
      call_hours: { status: "ENABLED", timezone_id: "Europe/Berlin" },
    });
    expect(
      (upstream.call_hours as { weekly_operating_hours: unknown[] }).weekly_operating_hours,
    ).toContainEqual({
      day_of_week: "MONDAY",
      open_time: "0830",
      close_time: "1600",
    });
    const row = await db().channel.findUniqueOrThrow({ where: { id: channel.id } });
    expect(row.callRingSeconds).toBe(25);

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `call-settings-owner-${viewport.width}`);
  });

  test(`a refusal by WhatsApp is shown in words and nothing changes (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const name = `E2E Calling refused ${viewport.width}`;
    const { channel, number } = await sandboxChannel(org.id, name, []);
    // a number below Meta's calling eligibility: the sandbox refuses to enable calling on it
    await fetch(`${SANDBOX_URL}/_sandbox/phone-numbers/${number.phoneNumberId}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        waba_id: number.wabaId,
        display_phone_number: number.display,
        access_token: number.token,
        calling_eligible: false,
      }),
    });
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.admin, "/dashboard/channels");
    const item = page.getByRole("listitem", { name: `Calling on ${name}` });
    await item.getByRole("button", { name: `Edit calling of ${name}` }).click({ timeout: 30_000 });
    const dialog = page.getByRole("dialog");
    await chooseOption(dialog.getByLabel("Calling", { exact: true }), "ENABLED");
    await dialog.getByRole("button", { name: "Save calling settings" }).click();
    await expect(dialog).toContainText("WhatsApp refused the calling settings", { timeout: 60_000 });
    await expect(dialog).toContainText("messaging limit is below 2000");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(item).toContainText("Not set here");
    expect((await db().channel.findUniqueOrThrow({ where: { id: channel.id } })).callingSettings).toBeNull();
  });

  test(`an agent sees the calling settings read-only (${viewport.width} px)`, async ({ page }) => {
    test.setTimeout(180_000);
    const name = `E2E Calling agent ${viewport.width}`;
    const { channel } = await sandboxChannel(org.id, name, []);
    await db().channel.update({
      where: { id: channel.id },
      data: {
        callingSettings: {
          status: "ENABLED",
          call_icon_visibility: "DEFAULT",
          callback_permission_status: "DISABLED",
        },
        callingSettingsAt: new Date(),
        callRingSeconds: 40,
      },
    });
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.agent, "/dashboard/channels");
    const item = page.getByRole("listitem", { name: `Calling on ${name}` });
    await expect(item).toContainText("Calling on", { timeout: 30_000 });
    await expect(item).toContainText("40 seconds");
    await expect(page.getByText("Only owners and admins change these settings.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Edit calling/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add channel" })).toHaveCount(0);
    const refused = await page.request.patch(`/api/dashboard/channels/${channel.id}/calling`, {
      headers: SAME_ORIGIN,
      data: { ring_seconds: 20 },
    });
    expect(refused.status()).toBe(403);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `call-settings-agent-${viewport.width}`);
  });
}
