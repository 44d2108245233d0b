import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { connectSandbox, customerWrites, SANDBOX_URL, sandboxNumber } from "./sandbox-support";
import {
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

/** Issue 30, part 4: a message written from a click-to-WhatsApp ad says so in the thread. */

let org: TestOrg;
let conversationId: string;
const HEADLINE = "Spring sale: 30% off every bicycle lamp in the shop this week only";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  org = await seedOrganization();
  await connectSandbox();
  const number = await sandboxNumber();
  await createChannel({
    organizationId: org.id,
    name: "Store",
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
  const from = randomPhone().slice(1);
  const fromAd = await customerWrites(
    number.phoneNumberId,
    from,
    { type: "text", text: { body: "Is this still on?" } },
    "Iker Sanz",
    {
      referral: {
        source_url: "https://fb.me/spring-sale-lamps",
        source_id: "120210000000001",
        source_type: "ad",
        headline: HEADLINE,
        body: "Bright, rechargeable, waterproof.",
        media_type: "image",
        image_url: "https://scontent.example/lamp.jpg",
        ctwa_clid: "ARclidSpring",
      },
    },
  );
  const plain = await customerWrites(
    number.phoneNumberId,
    from,
    { type: "text", text: { body: "Thanks!" } },
    "Iker Sanz",
  );
  await expect
    .poll(
      async () => {
        const rows = await db().message.findMany({ where: { whatsappMessageId: { in: [fromAd, plain] } } });
        conversationId = rows[0]?.conversationId ?? "";
        return rows.length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the thread says which ad the customer came from, linking to it (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.agent, `/dashboard/conversations/${conversationId}`);
    const messages = page.getByRole("list", { name: "Messages" });
    const received = messages.getByRole("article", { name: "Received message" });
    await expect(received).toHaveCount(2, { timeout: 30_000 });

    const fromAd = received.filter({ hasText: "Is this still on?" });
    await expect(fromAd.getByText("From the ad:")).toBeVisible();
    const link = fromAd.getByRole("link", { name: HEADLINE });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", "https://fb.me/spring-sale-lamps");
    await expect(link).toHaveAttribute("rel", /noopener/);
    // the plain message says nothing of an ad
    await expect(received.filter({ hasText: "Thanks!" }).getByText("From the ad:")).toHaveCount(0);

    // the long headline wraps inside the bubble: nothing off-screen
    const bubble = await fromAd.boundingBox();
    const linkBox = await link.boundingBox();
    expect((linkBox?.x ?? 0) + (linkBox?.width ?? 0)).toBeLessThanOrEqual(
      (bubble?.x ?? 0) + (bubble?.width ?? 0) + 1,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await expectNoAxeViolations(page, "the thread with an ad's referral", { settle: true });
    await screenshot(page, `ad-referral-${viewport.width}`);
  });
}
