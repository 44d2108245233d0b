import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { SANDBOX_URL, sandboxNumber } from "./sandbox-support";
import { expectNoAxeViolations, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

/**
 * Issue 30, part 2: the Channels page says which kinds of notification WhatsApp sent a channel
 * that the product does not use yet, how many and when last. The counts are seeded as
 * lib/inbound/record-unprocessed.ts writes them (the pipeline itself is tested in
 * app/webhooks/whatsapp/unprocessed-fields.test.ts).
 */

let org: TestOrg;

test.beforeAll(async () => {
  org = await seedOrganization();
  const number = await sandboxNumber({ verifiedName: "E2E Alerts" });
  const channel = await createChannel({
    organizationId: org.id,
    name: "E2E Alerts",
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
  const seen = new Date();
  await db().channelUnprocessedField.createMany({
    data: [
      {
        organizationId: org.id,
        channelId: channel.id,
        field: "account_alerts",
        count: 12,
        firstSeenAt: new Date(seen.getTime() - 86_400_000),
        lastSeenAt: seen,
        example: { alert_info: { alert_type: "OBA_APPROVED", alert_severity: "INFORMATIONAL" } },
      },
      {
        organizationId: org.id,
        channelId: channel.id,
        field: "phone_number_quality_update",
        count: 1,
        firstSeenAt: seen,
        lastSeenAt: seen,
        example: { event: "FLAGGED", current_limit: "TIER_1K" },
      },
    ],
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the Channels page shows the notification kinds the product does not use yet (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.owner, "/dashboard/channels");
    const list = page.getByRole("list", { name: "Notifications not used yet" });
    await expect(list).toContainText(
      "WhatsApp sent 12 notifications of kind account_alerts that the product does not use yet",
    );
    await expect(list).toContainText(
      "WhatsApp sent 1 notification of kind phone_number_quality_update that the product does not use yet",
    );
    await expect(list.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-/);
    await list.getByText("Latest example").first().click();
    await expect(list).toContainText("OBA_APPROVED");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `channels-unprocessed-${viewport.width}`);
  });
}
