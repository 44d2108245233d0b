import { db } from "../lib/db";
import { createApiKey } from "../lib/keys/create-api-key";
import { BASE_URL, E2E_HANG_MS } from "./env";
import { expect, test } from "./fixtures";
import { connectSandbox, customerWrites, sandbox, sandboxChannel } from "./sandbox-support";
import {
  expectFitsPhone,
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

/** Issue 30, part 3: a template WhatsApp holds for a quality check is shown as held, not sent, not failed. */
const NOTICE = {
  name: "stock_notice",
  language: "en_US",
  status: "APPROVED",
  category: "UTILITY",
  components: [{ type: "BODY", text: "Your bicycle lamp is back in stock." }],
};

let org: TestOrg;
let conversationId: string;
let broadcastId: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  org = await seedOrganization();
  await connectSandbox();
  const { number } = await sandboxChannel(org.id, "Store", [NOTICE]);
  const phone = randomPhone();
  await customerWrites(number.phoneNumberId, phone.slice(1), { type: "text", text: { body: "Any lamps?" } });
  const where = { organizationId: org.id, contact: { phone } };
  await expect.poll(() => db().conversation.count({ where }), { timeout: E2E_HANG_MS }).toBe(1);
  conversationId = (await db().conversation.findFirstOrThrow({ where })).id;
  const res = await sandbox(`/_sandbox/template-pacing/${number.wabaId}/stock_notice`, "PUT", {
    message_status: "held_for_quality_assessment",
  });
  expect(res.status).toBe(200);
  const { key } = await createApiKey({
    organizationId: org.id,
    name: "e2e",
    kind: "sk",
    scopes: ["whatsapp:send", "contacts:write"],
  });
  const sent = await fetch(`${BASE_URL}/v1/whatsapp/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      to: phone,
      type: "template",
      template: { name: "stock_notice", language: { code: "en_US" } },
    }),
  });
  expect(sent.status).toBe(200);
  expect((await sent.json()).data.pacing).toBe("held");
  const broadcast = await fetch(`${BASE_URL}/v1/whatsapp/broadcasts`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Lamps are back",
      template: { name: "stock_notice", language: { code: "en_US" } },
      recipients: [{ to: randomPhone() }, { to: randomPhone() }],
    }),
  });
  expect(broadcast.status).toBe(201);
  broadcastId = (await broadcast.json()).data.id;
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the thread shows a held template as held by WhatsApp (${viewport.width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.agent, `/dashboard/conversations/${conversationId}`);
    const sentMessage = page
      .getByRole("list", { name: "Messages" })
      .getByRole("article", { name: "Sent message" });
    await expect(sentMessage).toHaveCount(1, { timeout: 30_000 });
    await expect(sentMessage.getByText("Held by WhatsApp for a quality check")).toBeVisible();
    await expect(sentMessage.getByText(/^Sent\b/)).toHaveCount(0);
    await expect(sentMessage.getByText("Failed")).toHaveCount(0);
    if (viewport.width === 390) await expectFitsPhone(page, "the thread with a held message");
    await expectNoAxeViolations(page, "the thread with a held message", { settle: true });
    await screenshot(page, `held-template-${viewport.width}`);
  });
}

test("the broadcast's page counts the recipients WhatsApp holds", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, org.staff.agent, `/dashboard/broadcasts/${broadcastId}`);
  await expect(page.getByText("Held by WhatsApp", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-count="held"]')).toHaveText("2", { timeout: 30_000 });
  await expect(page.locator('[data-count="sent"]')).toHaveText("0");
});
