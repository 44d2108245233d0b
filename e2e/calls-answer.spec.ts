import { db } from "../lib/db";
import { createWebhook } from "../lib/webhooks/create-webhook";
import { type Browser, expect, type Page, test } from "./fixtures";
import config from "./playwright.config";
import { eventOf, type Receiver, startReceiver } from "./receiver";
import { connectSandbox, customerWrites, sandbox, sandboxChannel } from "./sandbox-support";
import {
  expectFitsPhone,
  expectNoAxeViolations,
  randomPhone,
  type Staff,
  screenshot,
  seedOrganization,
  signIn,
  type TestOrg,
} from "./support";

/**
 * Issue 32, part 3: an agent answers a customer's WhatsApp call in the dashboard with Chromium's
 * fake microphone. The sandbox plays the customer's phone as a real WebRTC peer (werift, PCMU, a
 * 440 Hz tone): audio flows both ways, the timer runs, the agent hangs up; the call's events reach
 * the organization's webhook in order and the thread shows the call. Organization B's agent, signed
 * in at the same time, never sees the call ring.
 *
 * Why it is slow (51 s in a run of `npm test` on a 2-core machine, 2026-12-01): a real call each time, at two widths: the browser and the
 * sandbox's WebRTC peer connect, audio is heard flowing both ways, then the hang-up's events are
 * awaited at the webhook (the first test took 38.5 s, the second 12.9 s).
 */
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
});

type Media = { packets_received: number; rms: number; peak_rms: number; tone_sent: boolean };

let a: TestOrg;
let b: TestOrg;
let phoneA: string;
let conversationId: string;
let receiver: Receiver;
const customer = randomPhone().slice(1);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [a, b] = await Promise.all([seedOrganization(), seedOrganization()]);
  await connectSandbox();
  const [channelA] = await Promise.all([
    sandboxChannel(a.id, "Support line", []),
    sandboxChannel(b.id, "Other business", []),
  ]);
  phoneA = channelA.number.phoneNumberId;
  receiver = await startReceiver();
  await createWebhook(a.id, {
    url: receiver.url,
    events: ["call.ringing", "call.connected", "call.ended"],
    name: "Call log",
  });
  const wamid = await customerWrites(
    phoneA,
    customer,
    { type: "text", text: { body: "Please call back" } },
    "Ines Duarte",
  );
  await expect
    .poll(
      async () => {
        conversationId =
          (await db().message.findFirst({ where: { whatsappMessageId: wamid } }))?.conversationId ?? "";
        return conversationId;
      },
      { timeout: 60_000 },
    )
    .not.toBe("");
});

test.afterAll(async () => {
  await receiver?.close();
});

async function sandboxMedia(upstreamId: string): Promise<Media | null> {
  const res = await sandbox("/_sandbox/calls");
  const calls = (res.body as { data: { id: string; media: Media | null }[] }).data;
  return calls.find((c) => c.id === upstreamId)?.media ?? null;
}

async function signedInPage(
  browser: Browser,
  staff: Staff,
  viewport: { width: number; height: number },
  path: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, staff, path);
  return page;
}

/** A live poll answered after `since` (the page polls every 2 s). */
function nextPoll(page: Page) {
  return page.waitForResponse((r) => r.url().includes("/api/dashboard/calls/live") && r.status() === 200, {
    timeout: 30_000,
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`an agent answers a customer's call in the browser; audio both ways; hang-up (${viewport.width} px)`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const pageA = await signedInPage(browser, a.staff.agent, viewport, "/dashboard/contacts");
    const pageB = await signedInPage(browser, b.staff.agent, viewport, "/dashboard/contacts");
    // another staff member of org A, on another page (once: at 1280 px)
    const colleague =
      viewport.width === 1280
        ? await signedInPage(browser, a.staff.owner, viewport, "/dashboard/templates")
        : null;

    const started = await sandbox("/_sandbox/calls", "POST", {
      action: "start",
      phone_number_id: phoneA,
      from: customer,
      name: "Ines Duarte",
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const upstreamId = (started.body as { call_id: string }).call_id;
    const after = receiver.received.length;

    // it rings on org A's page (any page: the contacts list here), with the conversation's link
    const notice = pageA.locator('[data-call-state="ringing"]');
    await expect(notice).toContainText("Incoming call from Ines Duarte", { timeout: 30_000 });
    await expect(notice.getByRole("link", { name: "Open conversation" })).toHaveAttribute(
      "href",
      `/dashboard/conversations/${conversationId}`,
    );
    const call = await db().call.findFirstOrThrow({ where: { upstreamId, organizationId: a.id } });
    // org B's agent: two polls after the call exists, none of them shows it
    await nextPoll(pageB);
    const polled = await (await nextPoll(pageB)).json();
    expect(polled.data.calls.map((c: { id: string }) => c.id)).not.toContain(call.id);
    await expect(pageB.locator("[data-call-state]")).toHaveCount(0);

    const answer = notice.getByRole("button", { name: "Answer" });
    const decline = notice.getByRole("button", { name: "Decline" });
    if (viewport.width === 390) {
      for (const button of [answer, decline]) {
        const box = await button.boundingBox();
        expect(box, "the button is laid out").not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
        expect(box?.y ?? 0).toBeGreaterThanOrEqual(0);
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
      }
      await expectFitsPhone(pageA, "the ringing notice");
    }
    if (viewport.width === 1280) await expectNoAxeViolations(pageA, "the ringing notice");
    await screenshot(pageA, `calls-answer-ringing-${viewport.width}`);
    await expect(colleague?.locator('[data-call-state="ringing"]') ?? notice).toContainText("Ines Duarte", {
      timeout: 30_000,
    });
    await answer.click();

    const panel = pageA.locator(`[data-call-id="${call.id}"][data-call-state="connected"]`);
    await expect(panel).toContainText("On a call with Ines Duarte", { timeout: 30_000 });
    await expect
      .poll(async () => (await db().call.findUnique({ where: { id: call.id } }))?.answeredBy, {
        timeout: 30_000,
      })
      .toBe(a.staff.agent.id);

    // the colleague's notice says who took it, without Answer
    if (colleague) {
      const taken = colleague.locator(`[data-call-id="${call.id}"]`);
      await expect(taken).toContainText(`answered by agent ${a.name}.`, { timeout: 30_000 });
      await expect(taken.getByRole("button", { name: "Answer" })).toHaveCount(0);
    }
    // the customer's phone hears the fake microphone (Chromium's fake device beeps: measured RMS
    // ≈ 0.09 over the call, peak ≈ 0.4 of full scale; silence would be 0)
    await expect
      .poll(async () => (await sandboxMedia(upstreamId))?.packets_received ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(50);
    await expect
      .poll(async () => (await sandboxMedia(upstreamId))?.rms ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(0.02);
    // the page hears the customer's 440 Hz tone (amplitude 0.4: RMS 0.4/√2 ≈ 0.28, measured 0.2827)
    // through its analyser
    await expect
      .poll(async () => Number((await panel.getAttribute("data-remote-peak")) ?? 0), { timeout: 30_000 })
      .toBeGreaterThan(0.2);
    // the timer runs
    const timer = panel.getByRole("timer", { name: "Call time" });
    await expect(timer).toHaveText(/^0:0[2-9]$|^0:[1-5]\d$/, { timeout: 30_000 });
    const mute = panel.getByRole("button", { name: "Mute" });
    await mute.click();
    await expect(panel.getByRole("button", { name: "Unmute" })).toHaveAttribute("aria-pressed", "true");
    await panel.getByRole("button", { name: "Unmute" }).click();
    const heard = await sandboxMedia(upstreamId);
    test.info().annotations.push({
      type: "media",
      description: `sandbox heard ${JSON.stringify(heard)}; page peak ${await panel.getAttribute("data-remote-peak")}`,
    });
    if (viewport.width === 390) await expectFitsPhone(pageA, "the call panel");
    else await expectNoAxeViolations(pageA, "the call panel");
    await screenshot(pageA, `calls-answer-connected-${viewport.width}`);

    await panel.getByRole("button", { name: "Hang up" }).click();
    await expect(pageA.locator(`[data-call-id="${call.id}"][data-call-state="ended"]`)).toContainText(
      "Call with Ines Duarte ended",
    );
    await expect
      .poll(async () => (await db().call.findUnique({ where: { id: call.id } }))?.state, { timeout: 30_000 })
      .toBe("ended");
    const ended = await db().call.findUniqueOrThrow({ where: { id: call.id } });
    expect(ended.durationSeconds).toBeGreaterThanOrEqual(1);

    // the organization's webhook: ringing, connected, ended, in that order
    await receiver.next((r) => eventOf(r) === "call.ended" && r.json.data.callId === call.id, {
      after,
      timeoutMs: 30_000,
    });
    const mine = receiver.received.slice(after).filter((r) => r.json.data.callId === call.id);
    expect(mine.map((r) => eventOf(r))).toEqual(["call.ringing", "call.connected", "call.ended"]);
    expect(mine[1]?.json.data).toMatchObject({ answeredBy: a.staff.agent.id });
    const times = mine.map((r) => Date.parse(r.json.timestamp));
    expect([...times].sort((x, y) => x - y)).toEqual(times);

    // the thread: the call, who answered, how long
    await pageA.goto(`/dashboard/conversations/${conversationId}`);
    const messages = pageA.getByRole("list", { name: "Messages" });
    const seconds = ended.durationSeconds ?? 0;
    const duration = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    await expect(
      messages
        .locator(`[data-call-id="${call.id}"]`)
        .getByText(`Incoming call · answered by agent ${a.name} · ${duration}`, { exact: true }),
    ).toBeVisible({ timeout: 30_000 });
    await screenshot(pageA, `calls-answer-thread-${viewport.width}`);
    // the colleague's notice goes on its own once the call is over
    if (colleague) {
      await expect(colleague.locator(`[data-call-id="${call.id}"]`)).toHaveCount(0, { timeout: 60_000 });
      await colleague.context().close();
    }
    await pageA.context().close();
    await pageB.context().close();
  });
}
