import { callAction } from "../lib/calls/call-actions";
import { db } from "../lib/db";
import { expect, test } from "./fixtures";
import { connectSandbox, customerOpensWindow, sandbox, sandboxChannel } from "./sandbox-support";
import {
  expectFitsPhone,
  expectNoAxeViolations,
  randomPhone,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

/** Issue 32: the thread shows each voice call as an entry (direction, who answered, duration, missed). */

let org: TestOrg;
let conversationId: string;
const ANSWER = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n";

/** The customer calls the number; answers our call once the worker has it. */
async function customerCalls(phoneNumberId: string, from: string) {
  const res = await sandbox("/_sandbox/calls", "POST", {
    action: "start",
    phone_number_id: phoneNumberId,
    from,
  });
  const upstreamId = (res.body as { call_id: string }).call_id;
  let call: { id: string } | null = null;
  await expect
    .poll(
      async () => {
        call = await db().call.findFirst({ where: { upstreamId, organizationId: org.id } });
        return call !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return { upstreamId, id: (call as unknown as { id: string }).id };
}

async function stateOf(id: string, state: string) {
  await expect
    .poll(async () => (await db().call.findUnique({ where: { id } }))?.state, { timeout: 30_000 })
    .toBe(state);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  org = await seedOrganization();
  await connectSandbox();
  const { number } = await sandboxChannel(org.id, "Store", []);
  const phone = randomPhone();
  const from = phone.slice(1);
  ({ conversationId } = await customerOpensWindow(
    org.id,
    number.phoneNumberId,
    phone,
    "Ines Duarte",
    "Can you call me?",
  ));
  // answered through the API, then the customer hangs up
  const answered = await customerCalls(number.phoneNumberId, from);
  await callAction(org.id, answered.id, "accept", ANSWER);
  await sandbox("/_sandbox/calls", "POST", { action: "hang_up", call_id: answered.upstreamId });
  await stateOf(answered.id, "ended");
  // nobody answers the second
  const missed = await customerCalls(number.phoneNumberId, from);
  await sandbox("/_sandbox/calls", "POST", { action: "hang_up", call_id: missed.upstreamId });
  await stateOf(missed.id, "missed");
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the thread shows the answered call with its duration and the missed one (${viewport.width} px)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(page, org.staff.agent, `/dashboard/conversations/${conversationId}`);
    const messages = page.getByRole("list", { name: "Messages" });
    await expect(messages.getByText("Can you call me?")).toBeVisible({ timeout: 30_000 });
    await expect(messages.getByText(/^Incoming call · answered by API · \d+:\d\d$/)).toBeVisible();
    await expect(messages.getByText(/^Missed call$/)).toBeVisible();
    // in time order: the message, the answered call, the missed call
    const text = ((await messages.textContent()) ?? "").replace(/\s+/g, " ");
    expect(text.indexOf("Can you call me?")).toBeLessThan(text.indexOf("Incoming call"));
    expect(text.indexOf("Incoming call")).toBeLessThan(text.indexOf("Missed call"));
    if (viewport.width === 390) await expectFitsPhone(page, "the thread");
    await expectNoAxeViolations(page, "the thread with calls", { settle: true });
    await screenshot(page, `calls-thread-${viewport.width}`);
  });
}
