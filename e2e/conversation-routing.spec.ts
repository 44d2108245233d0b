import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { connectSandbox, customerWrites, SANDBOX_URL, sandbox, sandboxNumber } from "./sandbox-support";
import {
  expectFitsPhone,
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
  toast,
} from "./support";

/**
 * Conversation routing in the dashboard (issue 30 part 1): a number shared with Meta Business
 * Agent; the thread says who answers, "Take over" and "Hand back" call WhatsApp's thread
 * control, a reply to a conversation the other responder answers asks first; the Channels page
 * shows the number's routing roles. At 1280 and 390 px, with axe.
 */

test.describe.configure({ mode: "serial" });

let org: TestOrg;
let conversationId: string;
const customer = randomPhone();

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

test.beforeAll(async () => {
  org = await seedOrganization();
  await connectSandbox();
  const number = await sandboxNumber({ verifiedName: "Routed shop" });
  // the number has a second responder before the channel is added: the first sync reads the roles
  const routed = await sandbox("/_sandbox/routing", "POST", {
    phone_number_id: number.phoneNumberId,
    second_responder: { app_id: "meta_business_agent" },
  });
  expect(routed.status, JSON.stringify(routed.body)).toBe(200);
  const channel = await createChannel({
    organizationId: org.id,
    name: "Routed line",
    phoneNumberId: number.phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
  await expect
    .poll(async () => (await db().channel.findUnique({ where: { id: channel.id } }))?.routingCheckedAt, {
      timeout: 30_000,
    })
    .toBeTruthy();
  // the customer writes: WhatsApp routes the thread to the agent, it reaches us on standby
  const wamid = await customerWrites(
    number.phoneNumberId,
    customer.slice(1),
    { type: "text", text: { body: "Can a person help me with my order?" } },
    "Ada Lovelace",
  );
  await expect
    .poll(() => db().message.count({ where: { whatsappMessageId: wamid } }), { timeout: 60_000 })
    .toBe(1);
  const message = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: wamid } });
  conversationId = message.conversationId ?? "";
  await expect
    .poll(async () => (await db().conversation.findUnique({ where: { id: conversationId } }))?.owner, {
      timeout: 60_000,
    })
    .toBe("other");
});

test("the thread shows who answers; Take over and Hand back; a reply to the other responder's conversation asks first (1280 px)", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDE);
  await signIn(page, org.staff.agent, `/dashboard/conversations?id=${conversationId}`);
  const owner = page.getByTestId("conversation-owner");
  // the thread's first load, on a loaded machine, can take more than the default 10 s
  await expect(owner).toContainText("Answered by another responder", { timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Conversations" })).toContainText("Other responder answers");
  await expectNoAxeViolations(page, "a thread the other responder answers");

  await owner.getByRole("button", { name: "Take over" }).click();
  await expect(toast(page, "You answer this conversation now.")).toBeVisible();
  await expect(owner).toContainText("Answered by this service");
  await expect
    .poll(async () => (await db().conversation.findUniqueOrThrow({ where: { id: conversationId } })).owner)
    .toBe("us");

  await owner.getByRole("button", { name: "Hand back" }).click();
  await expect(toast(page, /Handed back/)).toBeVisible();
  await expect(owner.getByRole("button", { name: "Take over" })).toBeVisible();
  await expect(owner).toContainText("Answered by another responder");

  // a reply now would take the conversation: the dashboard says so before anything is sent
  await page.getByLabel("Your reply").fill("Hello Ada, I can help.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Take over this conversation?" });
  await expect(confirm).toContainText("WhatsApp gives the conversation to this service");
  await expectNoAxeViolations(page, "the take-over confirmation");
  await screenshot(page, "conversation-routing-confirm-1280");
  expect(await db().message.count({ where: { conversationId, direction: "outbound" } })).toBe(0);
  await confirm.getByRole("button", { name: "Send and take over" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("Hello Ada, I can help.");
  await expect(owner).toContainText("Answered by this service");
});

test("owner and Take over / Hand back at 390 px, nothing off-screen", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  await signIn(page, org.staff.agent, `/dashboard/conversations?id=${conversationId}`);
  const owner = page.getByTestId("conversation-owner");
  await expect(owner).toContainText("Answered by this service", { timeout: 30_000 });
  await owner.getByRole("button", { name: "Hand back" }).click();
  await expect(owner.getByRole("button", { name: "Take over" })).toBeInViewport();
  await expectFitsPhone(page, "the thread of a routed conversation");
  await expectNoAxeViolations(page, "a routed thread at 390 px");
  await screenshot(page, "conversation-routing-390");
  await owner.getByRole("button", { name: "Take over" }).click();
  await expect(owner).toContainText("Answered by this service");
});

test("the Channels page shows the number's routing roles (an admin), at 1280 and 390 px", async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await signIn(page, org.staff.admin, "/dashboard/channels");
  const roles = page.getByRole("row").filter({ hasText: "Routed line" }).getByTestId("routing-roles");
  await expect(roles).toContainText("Routed · Escalation partner · standby", { timeout: 30_000 });
  await expectNoAxeViolations(page, "the Channels page with routing roles");
  await page.setViewportSize(PHONE);
  await expect(roles).toBeVisible();
  await expectFitsPhone(page, "the Channels page with routing roles");
});
