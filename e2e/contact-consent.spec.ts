import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { createApiKey } from "../lib/keys/create-api-key";
import { BASE_URL, E2E_HANG_MS } from "./env";
import { expect, test } from "./fixtures";
import { connectSandbox, customerWrites, SANDBOX_URL, sandboxNumber } from "./sandbox-support";
import {
  chooseOption,
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

/**
 * Items 4 and 5 of issue 29: a Spanish-speaking customer is offered the Spanish template first;
 * "Stopped marketing" (how, when) and "Blocked" show in the contact list, the contact dialog and
 * the thread header; agents see them, an admin clears the opt-out with a reason the history keeps.
 */
const NOTICE = (language: string, text: string) => ({
  name: "plain_notice",
  language,
  status: "APPROVED",
  category: "UTILITY",
  components: [{ type: "BODY", text }],
});

let org: TestOrg;
let phoneNumberId: string;
let channelId: string;
let key: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  org = await seedOrganization();
  await connectSandbox();
  const number = await sandboxNumber({
    templates: [NOTICE("en_US", "Your appointment is confirmed."), NOTICE("es", "Su cita está confirmada.")],
  });
  phoneNumberId = number.phoneNumberId;
  const channel = await createChannel({
    organizationId: org.id,
    name: "Citas",
    phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
  channelId = channel.id;
  await expect
    .poll(() => db().templateTranslation.count({ where: { template: { channelId } } }), { timeout: 30_000 })
    .toBe(2);
  ({ key } = await createApiKey({
    organizationId: org.id,
    name: "e2e",
    kind: "sk",
    scopes: ["whatsapp:send", "whatsapp:templates"],
  }));
});

/** A customer who was sent the Spanish template, then wrote STOP two days ago. */
async function spanishCustomer(name: string) {
  const phone = randomPhone();
  await customerWrites(phoneNumberId, phone.slice(1), { type: "text", text: { body: "Hola" } }, name);
  const where = { organizationId: org.id, contact: { phone } };
  await expect.poll(() => db().conversation.count({ where }), { timeout: E2E_HANG_MS }).toBe(1);
  const template = await db().template.findFirstOrThrow({ where: { channelId, name: "plain_notice" } });
  const sent = await fetch(`${BASE_URL}/v1/whatsapp/templates/${template.id}/send`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ to: phone, language: "es" }),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  await customerWrites(phoneNumberId, phone.slice(1), { type: "text", text: { body: "STOP" } }, name);
  await expect
    .poll(
      async () =>
        (await db().contact.findFirst({ where: { organizationId: org.id, phone } }))?.marketingOptOut,
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  const conversation = await db().conversation.findFirstOrThrow({ where });
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  await db().contact.update({
    where: { id: conversation.contactId },
    data: { lastInboundAt: twoDaysAgo },
  });
  return { phone, conversationId: conversation.id, contactId: conversation.contactId };
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a Spanish customer gets es first; opt-out and block show everywhere; an admin clears with a reason (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const name = `Lucía Gómez ${viewport.width}`;
    const { conversationId, contactId } = await spanishCustomer(name);

    // the agent: the thread header and the composer
    await signIn(page, org.staff.agent, `/dashboard/conversations/${conversationId}`);
    const thread = page.getByRole("region", { name: new RegExp(name) });
    const header = thread.locator("header").first();
    // the first page of a cold stack at load 10-15 can take longer than expect's 10 s
    await expect(header.getByText("Stopped marketing", { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(header).toContainText("wrote a stop word");
    const composer = thread.getByRole("form", { name: "Answer the customer" });
    await chooseOption(composer.getByLabel("Template"), { label: "plain_notice (es, en_US)" });
    await expect(composer.getByLabel("Language")).toContainText("es");
    await expect(composer.getByTestId("template-preview")).toContainText("Su cita está confirmada.");
    await screenshot(page, `contact-consent-thread-${viewport.width}`);
    await expectNoAxeViolations(page, "the page", { settle: true });

    // blocked since (as Block would, without the sandbox's 24-hour rule): both badges in the header
    await db().contact.update({ where: { id: contactId }, data: { blockedAt: new Date() } });
    await page.reload();
    await expect(header.getByText("Blocked", { exact: true })).toBeVisible();
    await expect(header.getByText("Stopped marketing", { exact: true })).toBeVisible();

    // the agent: the list and the dialog show the badges, no way to clear
    await page.goto(`/dashboard/contacts?search=${encodeURIComponent(name)}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByText("Stopped marketing", { exact: true })).toBeVisible();
    await expect(row.getByText("Blocked", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
    await expect(dialog.getByText("Stopped marketing", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Clear opt-out" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    // the admin clears it, with a reason
    await page.context().clearCookies();
    await signIn(page, org.staff.admin, `/dashboard/contacts?search=${encodeURIComponent(name)}`);
    await page
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("button", { name: `Edit ${name}` })
      .click();
    const adminDialog = page.getByRole("dialog", { name: `Edit ${name}` });
    const clear = adminDialog.getByRole("button", { name: "Clear opt-out" });
    await expect(clear).toBeDisabled();
    await adminDialog
      .getByLabel("Reason for allowing marketing messages again")
      .fill("Asked again at the shop");
    await screenshot(page, `contact-consent-dialog-${viewport.width}`);
    await expectNoAxeViolations(page, "the page", { settle: true });
    await clear.click();
    const history = adminDialog.getByRole("list", { name: "Contact history" });
    await expect(history).toContainText("Marketing messages allowed again");
    await expect(history).toContainText("Reason: Asked again at the shop");
    await expect(history).toContainText("Stopped marketing messages — the customer wrote a stop word");
    await expect(adminDialog.getByText("Stopped marketing", { exact: true })).toHaveCount(0);
    await screenshot(page, `contact-consent-history-${viewport.width}`);
  });
}
