import { db } from "../lib/db";
import { createApiKey } from "../lib/keys/create-api-key";
import { BASE_URL } from "./env";
import { expect, test } from "./fixtures";
import { connectSandbox, customerOpensWindow, sandbox, sandboxChannel } from "./sandbox-support";
import {
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

/** Issue 31, parts 2 and 3: a Flow sent and its completed answer read as a form in the thread. */

let org: TestOrg;
let conversationId: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  org = await seedOrganization();
  await connectSandbox();
  const { number } = await sandboxChannel(org.id, "Clinic", []);
  const { key } = await createApiKey({
    organizationId: org.id,
    name: "e2e",
    kind: "sk",
    scopes: ["whatsapp:send"],
  });
  const phone = randomPhone();
  await customerOpensWindow(org.id, number.phoneNumberId, phone, "Lena Vogel", "Can I book?");
  const sent = await fetch(`${BASE_URL}/v1/whatsapp/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      to: phone,
      type: "interactive",
      interactive: {
        type: "flow",
        body: { text: "Pick a time for your visit" },
        action: {
          name: "flow",
          parameters: { flow_message_version: "3", flow_id: "1197715005513101", flow_cta: "Book a visit" },
        },
      },
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const { data } = (await sent.json()) as { data: { whatsappMessageId: string } };
  const done = await sandbox("/_sandbox/flows/complete", "POST", {
    phone_number_id: number.phoneNumberId,
    from: phone.slice(1),
    message_id: data.whatsappMessageId,
    response: {
      screen_0_Full_name_0: "Lena Vogel",
      preferredDate: "2026-12-03",
      reminder_by_sms: true,
      notes: "Second floor, please ring twice at the side entrance of the building",
    },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  await expect
    .poll(
      async () => {
        const row = await db().message.findFirst({
          where: { organizationId: org.id, direction: "inbound", type: "interactive" },
        });
        conversationId = row?.conversationId ?? "";
        return conversationId;
      },
      { timeout: 60_000 },
    )
    .not.toBe("");
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the thread shows the Flow sent and the answer as a readable form (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.agent, `/dashboard/conversations/${conversationId}`);
    const messages = page.getByRole("list", { name: "Messages" });
    await expect(messages.getByText("Form sent: Book a visit")).toBeVisible({ timeout: 30_000 });
    const answer = messages.getByRole("definition").first();
    await expect(answer).toBeVisible();
    const form = messages.locator("dl[aria-label='Form answer']");
    await expect(form).toContainText("Full name: Lena Vogel");
    await expect(form).toContainText("Preferred date: 2026-12-03");
    await expect(form).toContainText("Reminder by sms: Yes");
    // no JSON in the thread
    await expect(messages.getByText(/"flow_token"|\{"/)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page);
    await screenshot(page, `flow-answer-${viewport.width}`);
  });
}
