import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  envelope,
  inboundCustomer,
  inboundEvent,
  inboundNotification,
  notificationRows,
  postNotification,
  randomWamid,
  waitProcessed,
} from "@/scripts/test/inbound-helpers";

/** The stored row of a notification, once the worker has processed it. */
async function processedRow(marker: string) {
  await waitProcessed(marker, 1);
  const rows = await db().$queryRaw<{ payload: unknown; error: string | null }[]>`
    SELECT payload, error FROM upstream_notifications WHERE payload::text LIKE ${`%${marker}%`}`;
  expect(rows).toHaveLength(1);
  return rows[0] as { payload: unknown; error: string | null };
}

describe("unknown message kinds are stored and acknowledged, never a 5xx", () => {
  it.each([
    ["a reaction", { type: "reaction", reaction: { message_id: randomWamid(), emoji: "👍" } }],
    [
      "a sticker",
      {
        type: "sticker",
        sticker: { mime_type: "image/webp", sha256: "c2hh", id: "1234567890", animated: false },
      },
    ],
    ["an invented type", { type: "hologram", hologram: { depth: 3, frames: [1, 2] } }],
    [
      "Meta's 'unsupported' type",
      { type: "unsupported", errors: [{ code: 131051, title: "Message type unknown" }] },
    ],
    ["a known type without its object", { type: "image" }],
  ])("%s → 200, the raw notification kept and processed", async (_, message) => {
    const c = await inboundCustomer();
    const { wamid, body } = inboundNotification(
      c.channel.phoneNumberId,
      { profile: { name: "Rae" }, wa_id: c.from },
      { from: c.from, ...message },
    );
    const res = await postNotification(JSON.stringify(body));
    expect(res.status, res.text).toBe(200);
    const row = await processedRow(wamid);
    expect(row.payload).toEqual(body);
    expect(row.error).toBeNull();

    // the next ordinary message from the same customer still goes through
    const next = inboundNotification(
      c.channel.phoneNumberId,
      { profile: { name: "Rae" }, wa_id: c.from },
      { from: c.from, type: "text", text: { body: "still there?" } },
    );
    expect((await postNotification(JSON.stringify(next.body))).status).toBe(200);
    const data = await inboundEvent(c.orgId, next.wamid);
    expect(data.content).toEqual({ text: "still there?" });
  });

  it("a change of another field (account_update) → 200 and processed", async () => {
    const marker = randomUUID();
    const body = {
      object: "whatsapp_business_account",
      entry: [{ id: marker, changes: [{ field: "account_update", value: { event: "VERIFIED_ACCOUNT" } }] }],
    };
    const res = await postNotification(JSON.stringify(body));
    expect(res.status).toBe(200);
    expect((await processedRow(marker)).payload).toEqual(body);
  });

  it("a message item without an id, and a status about a message nobody sent → 200 and processed", async () => {
    const marker = randomUUID();
    const body = envelope(marker, {
      messages: [{ from: "15550001111", type: "text", text: { body: "no id" } }],
      statuses: [{ id: randomWamid(), status: "delivered", timestamp: "1700000000", recipient_id: "1555" }],
    });
    const res = await postNotification(JSON.stringify(body));
    expect(res.status).toBe(200);
    await processedRow(marker);
  });

  it("a notification for a phone number id no channel has → 200, processed, no message stored", async () => {
    const marker = randomUUID();
    const wamid = randomWamid();
    const body = envelope(marker, {
      contacts: [{ profile: { name: "Nobody" }, wa_id: "15550002222" }],
      messages: [
        { from: "15550002222", id: wamid, timestamp: "1700000000", type: "text", text: { body: "hi" } },
      ],
    });
    expect((await postNotification(JSON.stringify(body))).status).toBe(200);
    await processedRow(marker);
    expect(await db().message.count({ where: { whatsappMessageId: wamid } })).toBe(0);
  });

  it.each([
    ["an array", "[]"],
    ["a string", '"whatsapp"'],
    ["a number", "42"],
    ["null", "null"],
    ["an object of another product", '{"object":"page","entry":"x"}'],
  ])("signed JSON that is %s → answered below 500 (never retried forever)", async (_, raw) => {
    const res = await postNotification(raw);
    expect([200, 400], `${res.status} ${res.text}`).toContain(res.status);
  });

  it("nothing stored for a rejected body, and the stored count moves by exactly one for an accepted one", async () => {
    const marker = randomUUID();
    const raw = JSON.stringify(envelope(marker, { statuses: [] }));
    expect((await postNotification(raw, { signature: null })).status).toBe(401);
    expect((await postNotification(raw)).status).toBe(200);
    expect((await notificationRows(marker)).stored).toBe(1);
  });
});
