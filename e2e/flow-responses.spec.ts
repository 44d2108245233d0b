import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { db } from "../lib/db";
import { changeFlowStatus } from "../lib/flows/change-flow-status";
import { createFlow } from "../lib/flows/create-flow";
import { createApiKey } from "../lib/keys/create-api-key";
import { BASE_URL } from "./env";
import { expect, type Page, test } from "./fixtures";
import {
  connectSandbox,
  customerOpensWindow,
  type SandboxNumber,
  sandbox,
  sandboxChannel,
} from "./sandbox-support";
import {
  chooseOption,
  expectFitsPhone,
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

/**
 * Issue 31 (dashboard): a Flow's responses on the Flows page (label: value, the customer, the
 * thread; a date filter; the CSV), and the thread's composer sending a published Flow that the
 * customer then completes in the sandbox.
 *
 * Why it is slow (185 s in a run at a load of about 20, 2026-11-29): each of its four walks (two
 * tests at two widths) waits for the worker to store what the sandbox sends (the customer's
 * window, the Flow message, the customer's answer) before the page can show it, and scans the
 * whole page with axe two or three times; the waits are for rows (expect.poll), not a pace.
 */

let org: TestOrg;
let number: SandboxNumber;
let flowId: string;
let flowName: string;

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** A customer with an open 24-hour window; answers their phone (E.164) once the app took the message. */
async function customer(name: string): Promise<string> {
  const phone = randomPhone();
  await customerOpensWindow(org.id, number.phoneNumberId, phone, name);
  return phone;
}

/** The customer completes the Flow message `wamid`; waits until the answer is stored. */
async function completes(phone: string, wamid: string, response: Record<string, unknown>): Promise<void> {
  const before = await answers(phone);
  const done = await sandbox("/_sandbox/flows/complete", "POST", {
    phone_number_id: number.phoneNumberId,
    from: phone.slice(1),
    message_id: wamid,
    response,
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  await expect.poll(() => answers(phone), { timeout: 60_000 }).toBe(before + 1);
}

function answers(phone: string): Promise<number> {
  return db().message.count({
    where: { organizationId: org.id, direction: "inbound", type: "interactive", contact: { phone } },
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  org = await seedOrganization();
  await connectSandbox();
  ({ number } = await sandboxChannel(org.id, "Clinic", []));
  const channel = await db().channel.findFirstOrThrow({ where: { organizationId: org.id } });
  flowName = `visit_booking_${Math.random().toString(36).slice(2, 8)}`;
  const footer = { type: "Footer", label: "Done", "on-click-action": { name: "complete", payload: {} } };
  const created = await createFlow(org.id, {
    name: flowName,
    categories: ["APPOINTMENT_BOOKING"],
    channel_id: channel.id,
    flow_json: {
      version: "7.2",
      screens: [
        {
          id: "BOOKING",
          title: "Book",
          layout: {
            type: "SingleColumnLayout",
            children: [{ type: "TextInput", name: "name", label: "Name" }, footer],
          },
        },
        {
          id: "CONFIRM",
          title: "Confirm",
          terminal: true,
          layout: { type: "SingleColumnLayout", children: [footer] },
        },
      ],
    },
  });
  flowId = created.id;
  await changeFlowStatus(org.id, flowId, "publish");

  // one answer, through the API, before the page is opened
  const { key } = await createApiKey({
    organizationId: org.id,
    name: "e2e",
    kind: "sk",
    scopes: ["whatsapp:send"],
  });
  const phone = await customer("Lena Vogel");
  const sent = await fetch(`${BASE_URL}/v1/whatsapp/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      to: phone,
      type: "interactive",
      interactive: {
        type: "flow",
        body: { text: "Pick a time for your visit" },
        action: { name: "flow", parameters: { flow_id: created.flow_id, flow_cta: "Book a visit" } },
      },
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  const { data } = (await sent.json()) as { data: { whatsappMessageId: string } };
  await completes(phone, data.whatsappMessageId, {
    screen_0_Full_name_0: "Lena Vogel",
    preferredDate: "2026-12-03",
    notes: "=1+1",
  });
});

async function openResponses(page: Page): Promise<void> {
  await signIn(page, org.staff.admin, "/dashboard/flows");
  await page.getByRole("link", { name: `Responses of ${flowName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/flows/${flowId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Responses: ${flowName}`);
}

for (const viewport of VIEWPORTS) {
  test(`a Flow's responses: label: value with the customer and the thread, a date filter, the CSV (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await openResponses(page);
    const list = page.getByRole("list", { name: "Responses" });
    const answer = list.getByRole("listitem").filter({ hasText: "Lena Vogel" }).first();
    await expect(answer).toBeVisible();
    const form = answer.locator("dl");
    await expect(form).toContainText("Full name: Lena Vogel");
    await expect(form).toContainText("Preferred date: 2026-12-03");
    await expect(form).toContainText("Notes: =1+1");
    await expect(answer.getByRole("link", { name: /Open the conversation/ })).toHaveAttribute(
      "href",
      /\/dashboard\/conversations\/[0-9a-f-]{36}$/,
    );
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page, "the Flow's responses");
    await expectFitsPhone(page, "the Flow's responses", viewport.width);
    await screenshot(page, `flow-responses-${viewport.width}`);

    // the CSV: the fixed columns, then the answer's fields; `=1+1` cannot run as a formula
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const text = readFileSync(await (await download).path(), "utf8");
    const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header?.slice(0, 6)).toEqual([
      "received_at",
      "phone",
      "user_id",
      "name",
      "flow_token",
      "message_id",
    ]);
    // the composer's specs add answers with fields of their own to the same Flow
    expect(header?.slice(6)).toEqual(
      expect.arrayContaining(["notes", "preferredDate", "screen_0_Full_name_0"]),
    );
    const lena = rows
      .map((row) => Object.fromEntries((header ?? []).map((h, i) => [h, row[i]])))
      .find((row) => row.name === "Lena Vogel");
    expect(lena).toMatchObject({ name: "Lena Vogel", notes: "'=1+1", screen_0_Full_name_0: "Lena Vogel" });

    // a range with no answer: the empty state; its dates are in the URL
    await page.getByLabel("From (UTC)").fill("2999-01-01");
    await expect(page.getByText("No responses in these dates")).toBeVisible();
    await expect(page).toHaveURL(/from=2999-01-01/);
    await expectNoAxeViolations(page, "no responses in the range");
  });

  test(`the composer sends a published Flow, which shows in the thread with its answer (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const phone = await customer(`Flow customer ${viewport.width}`);
    const conversation = await db().conversation.findFirstOrThrow({
      where: { organizationId: org.id, contact: { phone } },
    });
    await signIn(page, org.staff.agent, `/dashboard/conversations/${conversation.id}`);
    const composer = page.getByRole("form", { name: "Answer the customer" });
    await composer.getByRole("radio", { name: "Flow" }).check();
    await chooseOption(composer.getByRole("combobox", { name: "Flow", exact: true }), { label: flowName });
    await chooseOption(composer.getByRole("combobox", { name: "First screen" }), { label: "CONFIRM" });
    await expect(composer.getByRole("button", { name: "Send Flow" })).toBeDisabled();
    await expect(composer).toContainText("Write the button's text.");
    await composer.getByLabel("Button text").fill("Book a visit");
    await composer.getByLabel("Message text").fill("Choose a time that suits you");
    await expectNoAxeViolations(page, "the composer with a Flow");
    await expectFitsPhone(page, "the composer with a Flow", viewport.width);
    await screenshot(page, `composer-flow-${viewport.width}`);
    await composer.getByRole("button", { name: "Send Flow" }).click();

    const messages = page.getByRole("list", { name: "Messages" });
    await expect(messages.getByText("Form sent: Book a visit")).toBeVisible({ timeout: 30_000 });
    const sent = await db().message.findFirstOrThrow({
      where: { organizationId: org.id, direction: "outbound", conversationId: conversation.id },
    });
    expect(sent.flowToken).toMatch(/^flt_/);
    await completes(phone, sent.whatsappMessageId ?? "", { screen_1_Guests_0: "3" });
    await page.reload();
    await expect(messages.locator("dl[aria-label='Form answer']")).toContainText("Guests: 3", {
      timeout: 30_000,
    });
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page, "the thread with the Flow and its answer");
  });
}
