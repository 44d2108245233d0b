import { createBroadcast } from "../lib/broadcasts/create-broadcast";
import { createBroadcastRequest } from "../lib/broadcasts/create-request";
import { createContact } from "../lib/contacts/create-contact";
import { createContactBody } from "../lib/contacts/schemas";
import { db } from "../lib/db";
import { expect, type Page, test } from "./fixtures";
import { connectSandbox, sandbox, sandboxChannel } from "./sandbox-support";
import {
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

// issue 29: a broadcast that failed for some customers is not shown as a success, and one that
// paused itself says why and what to do (most sends failing, or its channel deactivated). The rule that pauses it is tested against the worker in
// app/v1/whatsapp/broadcasts/broadcasts.autopause.test.ts; here the pause is written as it writes it.
let org: TestOrg;
let withFailures: string;
let paused: string;
let channelPaused: string;
const LINK = "https://cdn.example.com/spring.jpg";

test.beforeAll(async () => {
  org = await seedOrganization();
  await connectSandbox();
  const { channel, number } = await sandboxChannel(org.id, "Store", [
    {
      name: "hours_notice",
      language: "en_US",
      category: "UTILITY",
      components: [{ type: "BODY", text: "From Monday we open at 9:00." }],
    },
  ]);
  for (const name of ["Ada Lovelace", "Grace Hopper", "Alan Turing"]) {
    await createContact(org.id, createContactBody.parse({ phone: randomPhone(), name, tags: ["hours"] }));
  }
  // the upstream refuses the first send: one of three customers fails
  const fault = await sandbox("/_sandbox/faults", "POST", {
    phone_number_id: number.phoneNumberId,
    count: 1,
    status: 400,
    error: { code: 131026 },
  });
  expect(fault.status).toBe(201);
  const request = (name: string) =>
    createBroadcastRequest.parse({
      name,
      channel_id: channel.id,
      template: { name: "hours_notice", language: { code: "en_US" } },
      audience: { tags: ["hours"] },
    });
  withFailures = (await createBroadcast(org.id, request("Opening hours"))).id;
  await expect
    .poll(async () => (await db().broadcast.findUnique({ where: { id: withFailures } }))?.status, {
      timeout: 30_000,
    })
    .toBe("completed");
  paused = (await createBroadcast(org.id, { ...request("Spring sale"), scheduled_at: inAnHour() })).id;
  await db().broadcast.update({
    where: { id: paused },
    data: {
      status: "paused",
      pause: {
        by: "failures",
        error: {
          code: "131053",
          message: `WhatsApp could not download the header image at ${LINK}.`,
          hint: "Check that the link opens in a browser without signing in and answers a supported file (an image: JPEG or PNG, at most 5 MB), or upload the file and send its media id.",
        },
        failed: 48,
        of: 50,
        at: new Date().toISOString(),
      },
    },
  });
  // paused because its channel was deactivated, as lib/broadcasts/start-if-due.ts writes it
  channelPaused = (await createBroadcast(org.id, { ...request("Autumn sale"), scheduled_at: inAnHour() })).id;
  await db().broadcast.update({
    where: { id: channelPaused },
    data: {
      status: "paused",
      pause: { by: "channel_inactive", channelId: channel.id, at: new Date().toISOString() },
    },
  });
});

function inAnHour(): string {
  return new Date(Date.now() + 3_600_000).toISOString();
}

async function expectInView(page: Page, name: string, width: number) {
  const box = await page.getByRole("button", { name, exact: true }).boundingBox();
  expect(box, name).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`failures are shown as such, a paused broadcast says why, Retry failed asks first (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.admin, "/dashboard/broadcasts");
    const rowOf = (name: string) => page.getByRole("row").filter({ hasText: name });
    await expect(rowOf("Opening hours")).toContainText("Completed with failures");
    await expect(rowOf("Opening hours")).toContainText("1 failed");
    await expect(rowOf("Spring sale")).toContainText("Paused: sends failing");
    await expect(rowOf("Autumn sale")).toContainText("Paused: channel inactive");
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `broadcast-failures-list-${viewport.width}`);

    await page.goto(`/dashboard/broadcasts/${paused}`);
    const notice = page.getByRole("alert").filter({ hasText: "Paused: most of the latest messages failed" });
    await expect(notice).toContainText("48 of the last 50 messages failed with the same error");
    await expect(notice).toContainText(`WhatsApp could not download the header image at ${LINK}.`);
    await expect(notice).toContainText("Fix the cause, then Resume");
    await expectInView(page, "Resume", viewport.width);
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `broadcast-paused-${viewport.width}`);

    await page.goto(`/dashboard/broadcasts/${channelPaused}`);
    const channelNotice = page.getByRole("alert").filter({ hasText: "Paused: its channel was deactivated" });
    await expect(channelNotice).toContainText("3 customers are still waiting");
    await expect(channelNotice).toContainText("Add the number again on the Channels page");
    await expect(channelNotice.getByRole("link", { name: "Channels page" })).toHaveAttribute(
      "href",
      "/dashboard/channels",
    );
    await expectInView(page, "Resume", viewport.width);
    await expectNoAxeViolations(page, "the page", { settle: true });
    await screenshot(page, `broadcast-paused-channel-${viewport.width}`);

    await page.goto(`/dashboard/broadcasts/${withFailures}`);
    await expect(page.getByText("Completed with failures").first()).toBeVisible();
    await expectInView(page, "Retry failed", viewport.width);
    await page.getByRole("button", { name: "Retry failed", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Send again to up to 1 customer?" });
    await expect(dialog).toContainText("utility template again");
    await expect(dialog.getByRole("button", { name: "Not now" })).toBeFocused();
    await screenshot(page, `broadcast-retry-confirm-${viewport.width}`);
    await dialog.getByRole("button", { name: "Not now" }).click();
    await expect(dialog).toBeHidden();
    // nothing was retried: the failed customer is still failed
    const failed = await db().broadcastRecipient.count({
      where: { broadcastId: withFailures, status: "failed" },
    });
    expect(failed).toBe(1);
  });
}
