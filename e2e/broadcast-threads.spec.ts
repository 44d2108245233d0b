import { createBroadcast } from "../lib/broadcasts/create-broadcast";
import { createBroadcastRequest } from "../lib/broadcasts/create-request";
import { createContact } from "../lib/contacts/create-contact";
import { createContactBody } from "../lib/contacts/schemas";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { connectSandbox, sandboxChannel } from "./sandbox-support";
import {
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

let org: TestOrg;
let broadcastId: string;
const NAME = "Winter opening hours";

test.beforeAll(async () => {
  org = await seedOrganization();
  await connectSandbox();
  const { channel } = await sandboxChannel(org.id, "Store", [
    {
      name: "hours_notice",
      language: "en_US",
      category: "UTILITY",
      components: [{ type: "BODY", text: "Hi {{1}}, from Monday we open at 9:00." }],
    },
  ]);
  for (const name of ["Ada Lovelace", "Grace Hopper"]) {
    await createContact(org.id, createContactBody.parse({ phone: randomPhone(), name, tags: ["hours"] }));
  }
  const broadcast = await createBroadcast(
    org.id,
    createBroadcastRequest.parse({
      name: NAME,
      channel_id: channel.id,
      template: {
        name: "hours_notice",
        language: { code: "en_US" },
        components: [{ type: "body", parameters: [{ type: "text", text: "{{contact.name|there}}" }] }],
      },
      audience: { tags: ["hours"] },
    }),
  );
  broadcastId = broadcast.id;
  await expect
    .poll(async () => (await db().broadcast.findUnique({ where: { id: broadcastId } }))?.status, {
      timeout: 30_000,
    })
    .toBe("completed");
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a broadcast's recipient leads to their thread, where the message names the broadcast (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.agent, `/dashboard/broadcasts/${broadcastId}`);
    await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
    const recipient = page.getByRole("link", { name: "Ada Lovelace" });
    await expect(recipient).toBeVisible();
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `broadcast-recipients-${viewport.width}`);

    await recipient.click();
    await expect(page).toHaveURL(/\/dashboard\/conversations\/[0-9a-f-]{36}/);
    const thread = page.getByRole("region", { name: /Ada Lovelace/ });
    const message = thread
      .getByRole("list", { name: "Messages" })
      .getByRole("article", { name: "Sent message" });
    await expect(message).toContainText("Hi Ada Lovelace, from Monday we open at 9:00.");
    await expect(message).toContainText(`Broadcast ${NAME}`);
    const label = message.getByRole("link", { name: NAME });
    await expect(label).toHaveAttribute("href", `/dashboard/broadcasts/${broadcastId}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `broadcast-thread-${viewport.width}`);

    await label.click();
    await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  });
}
