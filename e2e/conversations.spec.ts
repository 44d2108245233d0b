import { createChannel } from "../lib/channels/create-channel";
import { db } from "../lib/db";
import { E2E_HANG_MS } from "./env";
import { expect, test } from "./fixtures";
import { connectSandbox, customerWrites, SANDBOX_URL, sandboxNumber } from "./sandbox-support";
import {
  chooseOption,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
  toast,
} from "./support";

let org: TestOrg;
let phoneNumberId: string;

test.beforeAll(async () => {
  org = await seedOrganization();
  await connectSandbox();
  const number = await sandboxNumber();
  phoneNumberId = number.phoneNumberId;
  await createChannel({
    organizationId: org.id,
    name: "Support line",
    phoneNumberId,
    wabaId: number.wabaId,
    accessToken: number.token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
  });
});

test("an inbound message opens a conversation; an agent reads, assigns and resolves it", async ({ page }) => {
  const phone = randomPhone();
  await customerWrites(
    phoneNumberId,
    phone.slice(1),
    { type: "text", text: { body: "Where is my order?" } },
    "Grace Hopper",
  );
  const where = { organizationId: org.id, contact: { phone } };
  await expect.poll(() => db().conversation.count({ where }), { timeout: E2E_HANG_MS }).toBe(1);
  const conversation = await db().conversation.findFirstOrThrow({ where });
  // a reply of the business with every status it reached
  const t0 = Date.now();
  await db().message.create({
    data: {
      organizationId: org.id,
      contactId: conversation.contactId,
      conversationId: conversation.id,
      direction: "outbound",
      type: "text",
      content: { request: { type: "text", to: phone, text: { body: "It ships today." } } },
      status: "read",
      sentAt: new Date(t0 + 1_000),
      deliveredAt: new Date(t0 + 2_000),
      readAt: new Date(t0 + 3_000),
      createdAt: new Date(t0 + 500),
    },
  });

  await signIn(page, org.staff.agent, "/dashboard/conversations");
  const item = page.getByRole("link", { name: /Grace Hopper/ });
  await expect(item).toContainText("It ships today.");
  await expect(page.getByRole("radio", { name: /Open/ })).toBeChecked();
  await item.click();
  const thread = page.getByRole("region", { name: /Grace Hopper/ });
  const messages = thread.getByRole("list", { name: "Messages" });
  await expect(messages.getByRole("article", { name: "Received message" })).toContainText(
    "Where is my order?",
  );
  const reply = messages.getByRole("article", { name: "Sent message" });
  await expect(reply).toContainText("It ships today.");
  await expect(reply).toContainText(/Sent .* · Delivered .* · Read /);
  await screenshot(page, "conversations-thread");

  // the customer wrote just now: the window is open, so staff answer with free text
  const composer = thread.getByRole("form", { name: "Answer the customer" });
  await composer.getByLabel("Your reply").fill("Your parcel left the warehouse.");
  await composer.getByRole("button", { name: "Send", exact: true }).click();
  await expect(
    messages
      .getByRole("article", { name: "Sent message" })
      .filter({ hasText: "Your parcel left the warehouse." }),
  ).toBeVisible();
  await expect(composer.getByLabel("Your reply")).toHaveValue("");
  const sent = await db().message.findFirstOrThrow({
    where: {
      conversationId: conversation.id,
      direction: "outbound",
      content: { path: ["request", "text", "body"], equals: "Your parcel left the warehouse." },
    },
  });
  expect(sent.whatsappMessageId).toMatch(/^wamid\./);
  expect(sent.status).not.toBe("failed");

  // choosing an assignee assigns at once; assigned, it stays open (assigned is a filter, not a status)
  await chooseOption(thread.getByLabel("Assignee"), org.staff.admin.id);
  await expect(toast(page, `Assigned to admin ${org.name}.`)).toBeVisible();
  await expect(thread.getByLabel("Assignee")).toContainText(`admin ${org.name}`);
  await expect(thread.getByRole("heading")).toContainText("Open");
  const assigned = await db().event.findFirstOrThrow({
    where: { organizationId: org.id, name: "conversation.assigned" },
  });
  expect(assigned.data).toMatchObject({ conversationId: conversation.id, assigneeId: org.staff.admin.id });

  await thread.getByRole("button", { name: "Assign to me" }).click();
  await expect(toast(page, "Assigned to you.")).toBeVisible();
  await expect(thread.getByLabel("Assignee")).toContainText("(you)");

  await thread.getByRole("button", { name: "Resolve" }).click();
  await expect(toast(page, "Conversation resolved.")).toBeVisible();
  await expect(thread.getByRole("heading")).toContainText("Resolved");
  const resolved = await db().event.findFirstOrThrow({
    where: { organizationId: org.id, name: "conversation.resolved" },
  });
  expect(resolved.data).toMatchObject({ conversationId: conversation.id, resolvedBy: org.staff.agent.id });
  expect(await db().event.count({ where: { organizationId: org.id, name: "conversation.assigned" } })).toBe(
    2,
  );

  await page.getByRole("radio", { name: "Resolved" }).click();
  await expect(page.getByRole("radio", { name: "Resolved" })).toBeChecked();
  await expect(page.getByRole("link", { name: /Grace Hopper/ })).toBeVisible();
  await page.getByRole("radio", { name: /Open/ }).click();
  await expect(page.getByText("No open conversations")).toBeVisible();
  await screenshot(page, "conversations-list");
});
