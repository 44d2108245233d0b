import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { createApiKey } from "../lib/keys/create-api-key";
import { BASE_URL, E2E_HANG_MS } from "./env";
import { expect, test } from "./fixtures";
import { connectSandbox, customerWrites, SANDBOX_URL, sandbox, sandboxNumber } from "./sandbox-support";
import { chooseOption, randomPhone, screenshot, seedOrganization, signIn, type TestOrg } from "./support";

/**
 * Item 1 of issue 19: a template reply never sends the template's examples; the person sees the
 * exact text before sending; the thread shows the text the customer received, whichever path
 * (dashboard or /v1) sent it.
 */
const ORDER_SHIPPED = {
  name: "order_shipped",
  language: "en_US",
  status: "APPROVED",
  category: "UTILITY",
  components: [
    { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["A-1001"] } },
    {
      type: "BODY",
      text: "Hi {{1}}, your order {{2}} has shipped.",
      example: { body_text: [["Ada", "A-1001"]] },
    },
    { type: "FOOTER", text: "Demo Company" },
  ],
};

let org: TestOrg;
let conversationId: string;
let phone: string;
let phoneNumberId: string;
let key: string;

test.beforeAll(async () => {
  org = await seedOrganization();
  await connectSandbox();
  const number = await sandboxNumber({ templates: [ORDER_SHIPPED] });
  phoneNumberId = number.phoneNumberId;
  const channel = await createChannel({
    organizationId: org.id,
    name: "Orders line",
    phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
  await expect
    .poll(() => db().template.count({ where: { channelId: channel.id } }), { timeout: 60_000 })
    .toBe(1);
  phone = randomPhone();
  await customerWrites(
    phoneNumberId,
    phone.slice(1),
    { type: "text", text: { body: "Any news?" } },
    "Alan Turing",
  );
  const where = { organizationId: org.id, contact: { phone } };
  await expect.poll(() => db().conversation.count({ where }), { timeout: E2E_HANG_MS }).toBe(1);
  const conversation = await db().conversation.findFirstOrThrow({ where });
  conversationId = conversation.id;
  // the customer wrote two days ago: the 24-hour window is closed, only a template may be sent
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  await db().contact.update({ where: { id: conversation.contactId }, data: { lastInboundAt: twoDaysAgo } });
  await db().message.updateMany({ where: { conversationId }, data: { createdAt: twoDaysAgo } });
  ({ key } = await createApiKey({
    organizationId: org.id,
    name: "e2e",
    kind: "sk",
    scopes: ["whatsapp:send", "whatsapp:templates"],
  }));
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: every variable must be typed, the preview is the exact text, the thread shows what was sent`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const code = `K-${viewport.width}`;
    // a template sent through /v1 shows in the thread as the customer read it
    const template = await db().template.findFirstOrThrow({
      where: { organizationId: org.id, name: "order_shipped" },
    });
    const api = await fetch(`${BASE_URL}/v1/whatsapp/templates/${template.id}/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        to: phone,
        components: [
          { type: "header", parameters: [{ type: "text", text: `V-${viewport.width}` }] },
          {
            type: "body",
            parameters: [
              { type: "text", text: "Mr Turing" },
              { type: "text", text: `V-${viewport.width}` },
            ],
          },
        ],
      }),
    });
    expect(api.status, await api.clone().text()).toBe(200);

    await signIn(page, org.staff.agent, `/dashboard/conversations/${conversationId}`);
    const thread = page.getByRole("region", { name: /Alan Turing/ });
    const messages = thread.getByRole("list", { name: "Messages" });
    const fromApi = messages
      .getByRole("article", { name: "Sent message" })
      .filter({ hasText: `Order V-${viewport.width}` });
    await expect(fromApi).toContainText(`Hi Mr Turing, your order V-${viewport.width} has shipped.`);
    await expect(fromApi).toContainText("Demo Company");
    await expect(fromApi).not.toContainText("Parameters:");

    const composer = thread.getByRole("form", { name: "Answer the customer" });
    await chooseOption(composer.getByLabel("Template"), { label: "order_shipped (en_US)" });
    const send = composer.getByRole("button", { name: "Send template" });
    const preview = composer.getByTestId("template-preview");
    // nothing typed: nothing can be sent, and the examples are placeholders only
    await expect(send).toBeDisabled();
    await expect(composer).toContainText("Fill Header {{1}}, Body {{1}}, Body {{2}} to send.");
    await expect(composer.getByLabel("Body {{1}}")).toHaveAttribute("placeholder", "e.g. Ada");
    await expect(preview).toHaveText("Order {{1}}Hi {{1}}, your order {{2}} has shipped.Demo Company");
    await expect(preview).not.toContainText("Ada");

    await composer.getByLabel("Body {{1}}").fill("Alan");
    await expect(preview).toContainText("Hi Alan, your order {{2}} has shipped.");
    await expect(send).toBeDisabled();
    await composer.getByLabel("Header {{1}}").fill(code);
    await composer.getByLabel("Body {{2}}").fill(code);
    await expect(preview).toHaveText(`Order ${code}Hi Alan, your order ${code} has shipped.Demo Company`);
    await screenshot(page, `template-reply-preview-${viewport.width}`);
    await expect(send).toBeEnabled();
    await send.click();

    const sent = messages.getByRole("article", { name: "Sent message" }).filter({ hasText: `Order ${code}` });
    await expect(sent).toContainText(`Hi Alan, your order ${code} has shipped.`);
    await expect(composer.getByLabel("Template")).toBeVisible();
    const row = await db().message.findFirstOrThrow({
      where: { conversationId, renderedHeader: `Order ${code}` },
    });
    expect(row.renderedBody).toBe(`Hi Alan, your order ${code} has shipped.`);
    const upstream = await sandbox(`/_sandbox/messages?phone_number_id=${phoneNumberId}`);
    const bodies = JSON.stringify(upstream.body);
    expect(bodies).toContain(code);
    expect(bodies).not.toContain("A-1001");
    await screenshot(page, `template-reply-thread-${viewport.width}`);
  });
}
