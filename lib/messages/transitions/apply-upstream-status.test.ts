import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { MessageStatus } from "@/lib/generated/prisma/client.ts";
import { applyUpstreamStatus } from "@/lib/messages/transitions/apply-upstream-status";
import type { ReportedStatus } from "@/lib/messages/transitions/plan-upstream-status";

const NAMES = ["message.sent", "message.delivered", "message.read", "message.failed"];

/** An organization with one webhook subscribed to the status events, and an outbound message in `status`. */
async function messageIn(status: MessageStatus) {
  const org = await db().organization.create({ data: { name: `Statuses ${randomUUID().slice(0, 8)}` } });
  const contact = await db().contact.create({ data: { organizationId: org.id, phone: "+4915112345678" } });
  await db().webhook.create({
    data: {
      id: `wbk_${randomBytes(8).toString("hex")}`,
      organizationId: org.id,
      name: "statuses",
      url: "http://127.0.0.1:9/none",
      events: NAMES,
    },
  });
  const wamid = `wamid.${randomUUID()}`;
  const message = await db().message.create({
    data: {
      organizationId: org.id,
      contactId: contact.id,
      direction: "outbound",
      type: "text",
      content: { body: "race" },
      status,
      phone: contact.phone,
      whatsappMessageId: status === "sending" ? null : wamid,
      sentAt: status === "sent" ? new Date() : null,
    },
  });
  return { orgId: org.id, message, wamid };
}

const report = (next: ReportedStatus, at: number, wamid: string) => ({
  next,
  at: new Date(at * 1000),
  wamid,
  pricing: undefined,
  error: undefined,
});

/** The message's events by name, and the deliveries of each. */
async function eventsOf(orgId: string, messageId: string) {
  const events = await db().event.findMany({
    where: { organizationId: orgId, data: { path: ["messageId"], equals: messageId } },
    include: { deliveries: true },
  });
  return events;
}

describe("applyUpstreamStatus: statuses of one message applied at the same moment", () => {
  it("delivered and read decided from the same read of a sent message: read, each event once with its delivery", async () => {
    for (let i = 0; i < 5; i++) {
      const { orgId, message, wamid } = await messageIn("sent");
      const t = Math.floor(Date.now() / 1000);
      const results = await Promise.all([
        applyUpstreamStatus(message.organizationId, message, report("delivered", t + 1, wamid)),
        applyUpstreamStatus(message.organizationId, message, report("read", t + 2, wamid)),
      ]);
      const ids = results.map((r) => r.deliveryIds);

      const row = await db().message.findUniqueOrThrow({ where: { id: message.id } });
      expect(row.status).toBe("read");
      expect(row.readAt?.getTime()).toBe((t + 2) * 1000);
      expect(row.deliveredAt).not.toBeNull();
      const events = await eventsOf(orgId, message.id);
      expect(events.map((e) => e.name).sort()).toEqual(["message.delivered", "message.read"]);
      expect(events.every((e) => e.deliveries.length === 1)).toBe(true);
      expect(ids.flat().sort()).toEqual(events.flatMap((e) => e.deliveries.map((d) => d.id)).sort());
    }
  });

  it("sent, delivered and read decided from the same read of a sending message: read, each event once", async () => {
    const { orgId, message, wamid } = await messageIn("sending");
    const t = Math.floor(Date.now() / 1000);
    const results = await Promise.all(
      (["sent", "delivered", "read"] as const).map((next, i) =>
        applyUpstreamStatus(message.organizationId, message, report(next, t + i, wamid)),
      ),
    );
    const ids = results.map((r) => r.deliveryIds);

    const row = await db().message.findUniqueOrThrow({ where: { id: message.id } });
    expect(row.status).toBe("read");
    expect(row.whatsappMessageId).toBe(wamid);
    expect(row.sentAt).not.toBeNull();
    expect(row.readAt?.getTime()).toBe((t + 2) * 1000);
    const events = await eventsOf(orgId, message.id);
    expect(events.map((e) => e.name).sort()).toEqual(["message.delivered", "message.read", "message.sent"]);
    for (const e of events) expect(e.data).toMatchObject({ messageId: message.id, whatsappMessageId: wamid });
    expect(ids.flat()).toHaveLength(3);
  });

  it("a status of a message that is gone writes nothing and answers no delivery", async () => {
    const { orgId, message, wamid } = await messageIn("sent");
    await db().message.delete({ where: { id: message.id } });
    expect(
      await applyUpstreamStatus(
        message.organizationId,
        message,
        report("delivered", Date.now() / 1000, wamid),
      ),
    ).toEqual({
      deliveryIds: [],
      marked: false,
    });
    expect(await eventsOf(orgId, message.id)).toEqual([]);
  });
});

describe("applyUpstreamStatus with the notification it came from", () => {
  const notification = async () => (await db().upstreamNotification.create({ data: { payload: {} } })).id;
  const processedAt = async (id: string) =>
    (await db().upstreamNotification.findUniqueOrThrow({ where: { id } })).processedAt;

  it("marks it processed in the statement that writes the message, and only then", async () => {
    const { message, wamid } = await messageIn("sent");
    const t = Math.floor(Date.now() / 1000);
    const first = await notification();
    expect(
      (await applyUpstreamStatus(message.organizationId, message, report("delivered", t, wamid), first))
        .marked,
    ).toBe(true);
    expect(await processedAt(first)).not.toBeNull();

    // a duplicate writes nothing: its notification is left for the caller to mark
    const moved = await db().message.findUniqueOrThrow({ where: { id: message.id } });
    const duplicate = await notification();
    expect(
      await applyUpstreamStatus(moved.organizationId, moved, report("delivered", t, wamid), duplicate),
    ).toEqual({
      deliveryIds: [],
      marked: false,
    });
    expect(await processedAt(duplicate)).toBeNull();

    // decided from a stale read (the message is read by now): the guarded write changes nothing,
    // the fresh read decides there is nothing to write, and the notification is not marked
    await applyUpstreamStatus(moved.organizationId, moved, report("read", t + 1, wamid));
    const stale = await notification();
    expect(
      (await applyUpstreamStatus(message.organizationId, message, report("delivered", t, wamid), stale))
        .marked,
    ).toBe(false);
    expect(await processedAt(stale)).toBeNull();
  });

  it("statuses decided from the same read: each notification is marked exactly when its status wrote", async () => {
    for (let i = 0; i < 5; i++) {
      const { message, wamid } = await messageIn("sent");
      const t = Math.floor(Date.now() / 1000);
      const ids = [await notification(), await notification()];
      const results = await Promise.all([
        applyUpstreamStatus(message.organizationId, message, report("delivered", t + 1, wamid), ids[0]),
        applyUpstreamStatus(message.organizationId, message, report("read", t + 2, wamid), ids[1]),
      ]);
      // read always writes; delivered only when it came first
      expect(results[1]?.marked).toBe(true);
      for (const [j, id] of ids.entries()) {
        expect((await processedAt(id)) !== null).toBe(results[j]?.marked);
      }
    }
  });
});
