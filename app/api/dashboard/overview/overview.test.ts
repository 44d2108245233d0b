import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { DeveloperOverviewJson, OverviewJson } from "@/lib/dashboard/overview-schemas";
import { db } from "@/lib/db";
import { newDeliveryId } from "@/lib/events/record-event";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import { randomPhone } from "@/scripts/test/random-data";

/**
 * Issue 29 item 8: the Overview for the business — conversations waiting for a reply, recent
 * broadcasts, failures by cause — and its Developers section for owners and admins. Two
 * organizations are seeded the same way with different names: nothing of one reaches the other.
 */
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

type Seeded = {
  orgId: string;
  tag: string;
  cookies: Record<"owner" | "admin" | "agent", string>;
  waitingLong: string;
  waitingShort: string;
  answered: string;
  resolved: string;
  broadcastId: string;
  webhooks: number;
};

async function signedIn(orgId: string | undefined, role: "owner" | "admin" | "agent") {
  const staff = await createStaff(role, orgId);
  const { cookie } = await signInWithPassword(staff.email, staff.password);
  if (!cookie) throw new Error(`${role} could not sign in`);
  return { orgId: staff.orgId, cookie };
}

/** One organization: four conversations (two waiting), a broadcast with a failure, failed sends, a webhook or none. */
async function seed(tag: string, webhooks: number): Promise<Seeded> {
  const owner = await signedIn(undefined, "owner");
  const orgId = owner.orgId;
  const [admin, agent] = [await signedIn(orgId, "admin"), await signedIn(orgId, "agent")];
  const channel = await db().channel.create({
    data: {
      organizationId: orgId,
      name: `${tag} line`,
      phoneNumberId: `pn${randomUUID().slice(0, 8)}`,
      wabaId: `waba${randomUUID().slice(0, 8)}`,
      accessTokenEnc: "sealed",
    },
  });
  const contact = (name: string) =>
    db().contact.create({ data: { organizationId: orgId, phone: randomPhone(), name: `${tag} ${name}` } });
  const conversation = async (name: string, status: "open" | "assigned" | "resolved") => {
    const c = await contact(name);
    const conv = await db().conversation.create({
      data: { organizationId: orgId, contactId: c.id, channelId: channel.id, status },
    });
    return { contactId: c.id, id: conv.id };
  };
  const message = (
    conv: { contactId: string; id: string },
    direction: "inbound" | "outbound",
    at: Date,
    status: "sent" | "delivered" | "read" | "failed" = direction === "inbound" ? "delivered" : "sent",
    extra: {
      errorCode?: string;
      errorMessage?: string;
      broadcastId?: string;
      pacing?: "held" | "paused";
    } = {},
  ) =>
    db().message.create({
      data: {
        organizationId: orgId,
        contactId: conv.contactId,
        conversationId: conv.id,
        channelId: channel.id,
        direction,
        type: "text",
        content: { text: "hello" },
        status,
        createdAt: at,
        ...(status === "failed" ? { failedAt: at } : {}),
        ...extra,
      },
    });

  // waits since 6 hours: its customer wrote, and the one reply after it failed (a failed reply answers no one)
  const waitingLong = await conversation("Long Wait", "open");
  await message(waitingLong, "outbound", ago(8 * HOUR), "read");
  await message(waitingLong, "inbound", ago(6 * HOUR));
  await message(waitingLong, "inbound", ago(5 * HOUR));
  await message(waitingLong, "outbound", ago(HOUR / 2), "failed", {
    errorCode: "131026",
    errorMessage: "(#131026) Message undeliverable",
  });
  // waits since 2 hours, assigned
  const waitingShort = await conversation("Short Wait", "assigned");
  await message(waitingShort, "inbound", ago(2 * HOUR));
  // answered: the business wrote last
  const answered = await conversation("Answered", "open");
  await message(answered, "inbound", ago(4 * HOUR));
  await message(answered, "outbound", ago(3 * HOUR), "delivered");
  // a template WhatsApp accepted and holds for a quality check (template pacing): sent, and held
  await message(answered, "outbound", ago(2.5 * HOUR), "sent", { pacing: "held" });
  // one WhatsApp holds because its template is paused: counted apart, not as a quality check
  await message(answered, "outbound", ago(2.4 * HOUR), "sent", { pacing: "paused" });
  // resolved: the customer wrote last, but nobody waits
  const resolved = await conversation("Resolved", "resolved");
  await message(resolved, "inbound", ago(HOUR));
  // a failure of 8 days ago is outside both ranges
  await message(answered, "outbound", ago(8 * 24 * HOUR), "failed", { errorCode: "132015" });

  const broadcast = await db().broadcast.create({
    data: {
      organizationId: orgId,
      channelId: channel.id,
      name: `${tag} spring sale`,
      status: "completed",
      templateName: "spring",
      templateLanguage: "en_US",
      templateCategory: "MARKETING",
      components: [],
      placeholders: [],
      total: 4,
      startedAt: ago(3 * HOUR),
      completedAt: ago(2 * HOUR),
    },
  });
  const recipients: { status: "read" | "delivered" | "failed"; code?: string; replied?: boolean }[] = [
    { status: "read", replied: true },
    { status: "read" },
    { status: "delivered" },
    { status: "failed", code: "131049" },
  ];
  for (const [seq, r] of recipients.entries()) {
    const c = await contact(`Recipient ${seq}`);
    const conv = await db().conversation.create({
      data: { organizationId: orgId, contactId: c.id, channelId: channel.id, status: "resolved" },
    });
    const m = await message({ contactId: c.id, id: conv.id }, "outbound", ago(2 * HOUR), r.status, {
      broadcastId: broadcast.id,
      ...(r.code ? { errorCode: r.code, errorMessage: "(#131049) This message was not delivered" } : {}),
    });
    await db().broadcastRecipient.create({
      data: {
        broadcastId: broadcast.id,
        seq,
        organizationId: orgId,
        contactId: c.id,
        phone: c.phone,
        status: r.status,
        messageId: m.id,
        errorCode: r.code ?? null,
        sentAt: ago(2 * HOUR),
        repliedAt: r.replied ? ago(HOUR) : null,
      },
    });
  }

  for (let i = 0; i < webhooks; i++) {
    const webhook = await db().webhook.create({
      data: {
        id: `wbk_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
        organizationId: orgId,
        name: `${tag} hook`,
        url: "https://hooks.example.com/in",
        events: ["contact.created"],
      },
    });
    const event = await db().event.create({
      data: { organizationId: orgId, name: "contact.created", data: { id: "ct_overview" } },
    });
    await db().delivery.create({
      data: {
        id: newDeliveryId(Date.now()),
        organizationId: orgId,
        webhookId: webhook.id,
        eventId: event.id,
        status: "failed",
        attemptCount: 8,
        lastAttemptAt: new Date(),
      },
    });
  }
  return {
    orgId,
    tag,
    cookies: { owner: owner.cookie, admin: admin.cookie, agent: agent.cookie },
    waitingLong: waitingLong.id,
    waitingShort: waitingShort.id,
    answered: answered.id,
    resolved: resolved.id,
    broadcastId: broadcast.id,
    webhooks,
  };
}

let a: Seeded;
let b: Seeded;

beforeAll(async () => {
  [a, b] = await Promise.all([
    seed(`Alpha${randomUUID().slice(0, 6)}`, 1),
    seed(`Beta${randomUUID().slice(0, 6)}`, 0),
  ]);
});

async function overview(cookie: string, query = "range=24h&tz=UTC"): Promise<OverviewJson> {
  const res = await dashboardCall(cookie, `/api/dashboard/overview?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as OverviewJson;
}

describe("GET /api/dashboard/overview", () => {
  it("counts the conversations waiting for a reply, longest first, from the customer's first unanswered message", async () => {
    for (const org of [a, b]) {
      const { waiting } = await overview(org.cookies.agent);
      expect(waiting.count).toBe(2);
      expect(waiting.capped).toBe(false);
      expect(waiting.conversations.map((c) => c.id)).toEqual([org.waitingLong, org.waitingShort]);
      expect(waiting.conversations[0]?.contact.name).toBe(`${org.tag} Long Wait`);
      expect(waiting.conversations.map((c) => c.status)).toEqual(["open", "assigned"]);
      // the long wait began with the first of the two unanswered messages (6 hours ago), not the later one
      const since = Date.parse(waiting.oldest_since ?? "");
      expect(Date.now() - since).toBeGreaterThan(5.5 * HOUR);
      expect(waiting.oldest_since).toBe(waiting.conversations[0]?.waiting_since);
    }
  });

  it("lists the recent broadcasts with their counts and the code most of their failures carry", async () => {
    const { broadcasts } = await overview(a.cookies.owner);
    expect(broadcasts).toHaveLength(1);
    expect(broadcasts[0]).toMatchObject({
      id: a.broadcastId,
      name: `${a.tag} spring sale`,
      status: "completed",
      total: 4,
      sent: 3,
      delivered: 3,
      read: 2,
      replied: 1,
      failed: 1,
      top_failure: { code: "131049" },
    });
  });

  it("groups the range's failed messages by code, each with the messages that open their thread", async () => {
    const { failures, totals } = await overview(a.cookies.owner);
    // 5 messages to conversations + 4 broadcast messages in the last 24 hours; the failure of 8 days
    // ago is not counted
    expect(totals).toMatchObject({
      sent: 9,
      send_failed: 2,
      held: 1,
      paused: 1,
      delivered: 5,
      read: 3,
      inbound: 5,
    });
    expect(failures.map((f) => [f.code, f.count])).toEqual([
      ["131026", 1],
      ["131049", 1],
    ]);
    const undeliverable = failures.find((f) => f.code === "131026");
    expect(undeliverable?.examples).toEqual([
      expect.objectContaining({ conversation_id: a.waitingLong, broadcast: null }),
    ]);
    expect(undeliverable?.examples[0]?.contact.name).toBe(`${a.tag} Long Wait`);
    const marketing = failures.find((f) => f.code === "131049");
    expect(marketing?.examples[0]?.broadcast).toEqual({ id: a.broadcastId, name: `${a.tag} spring sale` });
    // 7 days still leaves out the failure of 8 days ago
    const week = await overview(a.cookies.owner, "range=7d&tz=Europe/Paris");
    expect(week.failures.map((f) => f.code)).not.toContain("132015");
    expect(week.buckets).toHaveLength(7);
  });

  it("nothing of one organization reaches the other", async () => {
    for (const [mine, theirs] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const range of ["24h", "7d"]) {
        const body = JSON.stringify(await overview(mine.cookies.owner, `range=${range}&tz=UTC`));
        for (const id of [theirs.waitingLong, theirs.waitingShort, theirs.broadcastId, theirs.orgId])
          expect(body).not.toContain(id);
        expect(body).not.toContain(theirs.tag);
      }
    }
  });

  it("a bad range or time zone is the contract's validation error, not a 500", async () => {
    for (const query of ["range=1y", "tz=Mars/Olympus", `tz=${"x".repeat(70)}`]) {
      const res = await dashboardCall(a.cookies.owner, `/api/dashboard/overview?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(String(res.body.error?.code)).toMatch(/^VALIDATION_/);
    }
  });
});

describe("GET /api/dashboard/overview/developers", () => {
  it("owners and admins read their own webhooks' deliveries; agents are refused", async () => {
    for (const role of ["owner", "admin"] as const) {
      const res = await dashboardCall(a.cookies[role], "/api/dashboard/overview/developers?range=24h&tz=UTC");
      expect(res.status).toBe(200);
      const data = res.body.data as DeveloperOverviewJson;
      expect(data.webhooks).toEqual({ total: 1, active: 1, disabled: 0 });
      expect(data.totals.deliveries_failed).toBe(1);
      expect(data.buckets).toHaveLength(24);
    }
    const none = await dashboardCall(b.cookies.owner, "/api/dashboard/overview/developers?range=7d&tz=UTC");
    expect(none.status).toBe(200);
    expect((none.body.data as DeveloperOverviewJson).webhooks.total).toBe(0);
    expect((none.body.data as DeveloperOverviewJson).totals.deliveries_failed).toBe(0);

    const agent = await dashboardCall(a.cookies.agent, "/api/dashboard/overview/developers");
    expect(agent.status).toBe(403);
    expect(agent.body.error?.code).toBe("AUTH_FORBIDDEN");
  });
});
