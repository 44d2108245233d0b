/**
 * A message deleted for everyone is served nowhere: its media answers 404 and its stored file is
 * gone; the events that carried its text or caption read back redacted from the events API and
 * are redelivered redacted.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  type AnyJson,
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  expectError,
  randomPhone,
} from "@/scripts/test/helpers";
import {
  customerWrites,
  download,
  type InboundCustomer,
  inboundEvent,
  inboundMedia,
} from "@/scripts/test/inbound-helpers";
import { registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

const receivers: TestReceiver[] = [];
afterAll(async () => {
  for (const r of receivers) await r.down();
});

/** A customer of an organization whose channel is a coexistence number (edits and revokes arrive). */
async function coexistenceCustomer(): Promise<InboundCustomer> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, { sandboxNumber: { coexistence: true } });
  const phone = randomPhone();
  return { ...org, channel, phone, from: phone.slice(1) };
}

async function deleted(orgId: string, messageId: string) {
  return eventually(() =>
    db().event.findFirst({
      where: {
        organizationId: orgId,
        name: "message.deleted",
        data: { path: ["messageId"], equals: messageId },
      },
    }),
  );
}

describe("a message deleted for everyone", () => {
  it("its media answers 404 and its file is deleted; its events read and redeliver redacted", async () => {
    const c = await coexistenceCustomer();
    const receiver = await TestReceiver.start();
    receivers.push(receiver);
    const webhookId = await registerWebhook(c.key, receiver.url, {
      events: ["message.inbound", "message.edited"],
    });

    // the secrets are words no id, phone number or time can hold: a code of digits ("4242") was
    // found in a random id of the listing now and then (CI, 2026-12-01), failing a correct redaction
    const photo = await inboundMedia(c, "image", { caption: "the secret plan" });
    const textWamid = await customerWrites(c, { type: "text", text: { body: "my code is kiwi-zulu" } });
    const text = await inboundEvent(c.orgId, textWamid);
    await customerWrites(c, {
      type: "edit",
      edit: {
        original_message_id: textWamid,
        message: { type: "text", text: { body: "my code is kiwi-yankee" } },
      },
    });
    await eventually(async () => (receiver.received.length >= 3 ? true : undefined));

    const before = await api(`/v1/media/${photo.mediaId}`, { key: c.key });
    expect(before.status, before.text).toBe(200);
    const link: string = before.body.data.url;
    expect((await download(link)).status).toBe(200);
    const file = path.resolve(".data/media", String(photo.stored.storageKey));
    expect(existsSync(file), `stored file at ${file}`).toBe(true);

    await customerWrites(c, { type: "revoke", revoke: { original_message_id: photo.wamid } });
    await customerWrites(c, { type: "revoke", revoke: { original_message_id: textWamid } });
    await deleted(c.orgId, photo.mediaId);
    await deleted(c.orgId, text.messageId);

    // the media: not found, the link dead, the file gone
    expectError(await api(`/v1/media/${photo.mediaId}`, { key: c.key }), 404, "RESOURCE_NOT_FOUND");
    expect((await download(link)).status).toBe(404);
    expect(existsSync(file)).toBe(false);
    expect(await db().media.count({ where: { id: photo.mediaId } })).toBe(0);

    // the events API: the events keep their ids and fields, the content is {} with deletedAt
    const listed = await api("/v1/events?per_page=100", { key: c.key });
    expect(listed.status, listed.text).toBe(200);
    const about = (id: string) =>
      (listed.body.data as AnyJson[]).filter((e) => e.data.messageId === id && e.event !== "message.deleted");
    const carried = [...about(photo.mediaId), ...about(text.messageId)];
    expect(carried.map((e) => e.event).sort()).toEqual([
      "message.edited",
      "message.inbound",
      "message.inbound",
    ]);
    for (const e of carried) {
      expect(e.data).toMatchObject({ content: {}, deletedAt: expect.any(String) });
    }
    const photoEvent = about(photo.mediaId)[0];
    expect(photoEvent.data).toMatchObject({ contentType: "image", whatsappMessageId: photo.wamid });
    const one = await api(`/v1/events/${photoEvent.id}`, { key: c.key });
    expect(one.body.data.data.content).toEqual({});
    const served = JSON.stringify([listed.body, one.body]);
    for (const secret of ["secret plan", "kiwi-zulu", "kiwi-yankee"]) expect(served).not.toContain(secret);

    // a redelivery of an earlier delivery carries the redacted event
    const first = receiver.received.find((r) => r.body?.data?.messageId === text.messageId);
    expect(first?.raw).toContain("kiwi-zulu");
    const deliveryId = String(first?.deliveryId);
    const redeliver = await api(`/v1/webhooks/${webhookId}/deliveries/${deliveryId}/retry`, {
      method: "POST",
      key: c.key,
    });
    expect(redeliver.status, redeliver.text).toBe(200);
    const again = await eventually(async () =>
      receiver.of(deliveryId).length >= 2 ? receiver.of(deliveryId) : undefined,
    );
    const last = again[again.length - 1];
    expect(last?.body.data).toMatchObject({
      messageId: text.messageId,
      content: {},
      deletedAt: expect.any(String),
    });
    expect(last?.raw).not.toContain("kiwi-zulu");
  });
});
