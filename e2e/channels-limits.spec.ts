import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { SANDBOX_URL, sandboxNumber } from "./sandbox-support";
import { expectNoAxeViolations, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

/**
 * Issue 30, part 5: the Channels page says in words the messaging limit WhatsApp last reported for
 * the number's business portfolio and the account's volume-based pricing tiers. The values are
 * seeded as lib/inbound/apply-account-limits.ts writes them (the pipeline itself is tested in
 * app/webhooks/whatsapp/pricing-2026.test.ts).
 */

let org: TestOrg;

test.beforeAll(async () => {
  org = await seedOrganization();
  const number = await sandboxNumber({ verifiedName: "E2E Limits" });
  const channel = await createChannel({
    organizationId: org.id,
    name: "E2E Limits",
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
  const at = new Date();
  await db().channel.update({
    where: { id: channel.id },
    data: {
      messagingLimit: 10000,
      messagingCapabilities: { max_phone_numbers_per_business: 2, max_phone_numbers_per_waba: 2 },
      messagingLimitChangedAt: at,
      pricingTiers: [
        {
          pricing_category: "authentication",
          region: "BRAZIL",
          tier: "1:1000000",
          effective_month: "2026-11",
          updated_at: at.toISOString(),
        },
        {
          pricing_category: "utility",
          region: "REST_OF_LATIN_AMERICA",
          tier: "25000001:50000000",
          effective_month: "2026-11",
          updated_at: at.toISOString(),
        },
      ],
      pricingTierChangedAt: at,
    },
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the Channels page shows the messaging limit and the pricing tiers in words (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.owner, "/dashboard/channels");
    const limits = page.getByTestId("account-limits");
    await expect(limits).toContainText(
      "Messaging limit: 10,000 customers a day outside the 24-hour window, shared by the business portfolio",
    );
    await expect(limits).toContainText(
      "Pricing tier: Utility in Rest of Latin America, 25,000,001–50,000,000 messages a month (November 2026)",
    );
    await expect(limits).toContainText(
      "Pricing tier: Authentication in Brazil, 1–1,000,000 messages a month",
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `channels-limits-${viewport.width}`);
  });
}
