import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  allRecipients,
  createBroadcast,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { api, eventually, randomPhone, sandbox } from "@/scripts/test/helpers";
import { messageEvents, send, waitForStatus } from "@/scripts/test/send-helpers";

// Meta's template pacing (issue 30 part 3): the sandbox holds a template's sends
// (/_sandbox/template-pacing) until it releases or drops them.
const notice = { name: "plain_notice", language: { code: "en_US" } };

const pace = (wabaId: string, message_status: string) =>
  sandbox(`/_sandbox/template-pacing/${wabaId}/plain_notice`, "PUT", { message_status });
const release = (wabaId: string, outcome: "send" | "drop") =>
  sandbox(`/_sandbox/template-pacing/${wabaId}/plain_notice/release`, "POST", { outcome });
const getMessage = (key: string, id: string) => api(`/v1/whatsapp/messages/${id}`, { key });

describe("held templates (Meta's template pacing)", () => {
  it("a held send answers pacing held, the message shows held with message.held; released, it is sent and delivered with pacing cleared; another organization's send of the same template is untouched", async () => {
    const a = await readyBroadcaster();
    const b = await readyBroadcaster();
    expect((await pace(a.channel.wabaId, "held_for_quality_assessment")).status).toBe(200);

    const res = await send(a.key, { to: randomPhone(), type: "template", template: notice });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent", pacing: "held" });
    const { messageId } = res.body.data;
    const other = await send(b.key, { to: randomPhone(), type: "template", template: notice });
    expect(other.status, other.text).toBe(200);
    expect(other.body.data).not.toHaveProperty("pacing");

    const held = await getMessage(a.key, messageId);
    expect(held.status, held.text).toBe(200);
    expect(held.body.data).toMatchObject({ status: "sent", pacing: "held" });
    expect(await messageEvents(a.orgId, messageId)).toEqual(["message.held"]);
    const [event] = await db().event.findMany({
      where: { organizationId: a.orgId, name: "message.held" },
    });
    expect(event?.data).toMatchObject({ messageId, status: "sent", pacing: "held" });
    // the other organization's message went its way: no hold, its statuses arrived
    await waitForStatus(other.body.data.messageId, ["delivered", "read"]);
    expect((await getMessage(b.key, other.body.data.messageId)).body.data.pacing).toBeNull();
    expect(await db().event.count({ where: { organizationId: b.orgId, name: "message.held" } })).toBe(0);
    // nothing moves a held message while WhatsApp holds it
    expect((await getMessage(a.key, messageId)).body.data).toMatchObject({ status: "sent", pacing: "held" });
    // another organization's key cannot read it
    expect((await getMessage(b.key, messageId)).status).toBe(404);

    const released = await release(a.channel.wabaId, "send");
    expect(released.body).toMatchObject({ count: 1 });
    await waitForStatus(messageId, ["delivered", "read"]);
    const after = await getMessage(a.key, messageId);
    expect(after.body.data.pacing).toBeNull();
    expect(after.body.data.deliveredAt).not.toBeNull();
    const names = await eventually(async () => {
      const n = await messageEvents(a.orgId, messageId);
      return n.includes("message.delivered") ? n : undefined;
    });
    expect(names.slice(0, 3)).toEqual(["message.held", "message.sent", "message.delivered"]);
    expect(names.filter((n) => n === "message.sent")).toHaveLength(1);
  });

  it("a dropped held message fails with 132015 and its pacing is cleared", async () => {
    const a = await readyBroadcaster();
    await pace(a.channel.wabaId, "paused");
    const res = await send(a.key, { to: randomPhone(), type: "template", template: notice });
    expect(res.body.data).toMatchObject({ status: "sent", pacing: "paused" });
    await release(a.channel.wabaId, "drop");
    await waitForStatus(res.body.data.messageId, ["failed"]);
    const m = await getMessage(a.key, res.body.data.messageId);
    expect(m.body.data).toMatchObject({ status: "failed", pacing: null, error: { code: "132015" } });
  });

  it("a broadcast of a held template counts its recipients as held beside sent; released, they move to sent", async () => {
    const a = await readyBroadcaster();
    const b = await readyBroadcaster();
    await pace(a.channel.wabaId, "held_for_quality_assessment");
    const make = (key: string) =>
      createBroadcast(key, {
        name: "Held",
        template: notice,
        recipients: Array.from({ length: 3 }, () => ({ to: randomPhone() })),
      });
    const mine = await make(a.key);
    const theirs = await make(b.key);
    expect(mine.status, mine.text).toBe(201);
    expect(theirs.status, theirs.text).toBe(201);
    const id = mine.body.data.id as string;

    const done = await waitForBroadcast(a.key, id, (x) => x.counts.pending === 0 && x.counts.held === 3);
    expect(done.counts).toMatchObject({ total: 3, sent: 0, held: 3, failed: 0 });
    const other = await waitForBroadcast(b.key, theirs.body.data.id, (x) => x.counts.delivered === 3);
    expect(other.counts).toMatchObject({ sent: 3, held: 0 });

    await release(a.channel.wabaId, "send");
    const after = await waitForBroadcast(a.key, id, (x) => x.counts.delivered === 3);
    expect(after.counts).toMatchObject({ total: 3, sent: 3, held: 0 });
    const recipients = await allRecipients(a.key, id);
    expect(recipients).toHaveLength(3);
  });
});
