import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { envelope, eventsNamed, postNotification, waitProcessed } from "@/scripts/test/inbound-helpers";
import { newContact, TestReceiver } from "@/scripts/test/test-receiver";

/**
 * "All events, including future ones": a webhook saved with `events: ["*"]` stores no list of
 * names (all_events), so every non-opt-in event reaches it, also one whose name its stored list
 * never held; an opt-in event (whatsapp.notification) only when named beside "*".
 */

type Org = TestOrg & { channel: TestChannel; receiver: TestReceiver; webhookId: string };

let a: Org;
let b: Org;

async function orgWithAllEvents(): Promise<Org> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId);
  const receiver = await TestReceiver.start();
  const res = await api("/v1/webhooks", {
    method: "POST",
    key: org.key,
    body: { url: receiver.url, events: ["*"] },
  });
  expect(res.status, res.text).toBe(201);
  return { ...org, channel, receiver, webhookId: res.body.data.id };
}

beforeAll(async () => {
  [a, b] = [await orgWithAllEvents(), await orgWithAllEvents()];
}, 120_000);

afterAll(async () => {
  for (const org of [a, b]) await org?.receiver.down();
});

describe("the /v1 shape of an all-events webhook", () => {
  it('creates, reads and updates with events ["*"]; opt-in names stand beside it; stored as all_events', async () => {
    const { key } = await createTestOrg();
    const created = await api("/v1/webhooks", {
      method: "POST",
      key,
      body: { url: "http://127.0.0.1:9/h", events: ["*", "contact.created", "*"] },
    });
    expect(created.status, created.text).toBe(201);
    // a non-opt-in name beside "*" says nothing more: it is not kept
    expect(created.body.data.events).toEqual(["*"]);
    const id: string = created.body.data.id;
    const row = await db().webhook.findUniqueOrThrow({ where: { id } });
    expect({ allEvents: row.allEvents, events: row.events }).toEqual({ allEvents: true, events: [] });
    expect((await api(`/v1/webhooks/${id}`, { key })).body.data.events).toEqual(["*"]);
    expect((await api("/v1/webhooks", { key })).body.data[0].events).toEqual(["*"]);

    const withOptIn = await api(`/v1/webhooks/${id}`, {
      method: "PATCH",
      key,
      body: { events: ["whatsapp.notification", "*"] },
    });
    expect(withOptIn.status, withOptIn.text).toBe(200);
    expect(withOptIn.body.data.events).toEqual(["*", "whatsapp.notification"]);

    const named = await api(`/v1/webhooks/${id}`, {
      method: "PATCH",
      key,
      body: { events: ["message.held"] },
    });
    expect(named.body.data.events).toEqual(["message.held"]);
    const after = await db().webhook.findUniqueOrThrow({ where: { id } });
    expect({ allEvents: after.allEvents, events: after.events }).toEqual({
      allEvents: false,
      events: ["message.held"],
    });

    const bad = await api(`/v1/webhooks/${id}`, { method: "PATCH", key, body: { events: ["**"] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/^VALIDATION_/);
  });
});

describe("delivery to an all-events webhook", () => {
  it("receives an event its stored list never named, never an opt-in one, and never another organization's", async () => {
    // its stored list holds no name at all: whatever reaches it came through all_events
    const row = await db().webhook.findUniqueOrThrow({ where: { id: a.webhookId } });
    expect(row.events).toEqual([]);

    const contactId = await newContact(a.key);
    const delivered = await eventually(async () =>
      a.receiver.received.find(
        (r) => r.body?.event === "contact.created" && r.body?.data?.contactId === contactId,
      ),
    );
    expect(delivered.body.organization_id).toBe(a.orgId);

    // an opt-in event in org A: written (a webhook naming it would get it), delivered to nobody here
    const marker = randomUUID();
    const field = `field_all_events_${randomUUID().slice(0, 4).replace(/\d/g, "x")}`;
    const body = envelope(a.channel.phoneNumberId, { marker });
    // biome-ignore lint/style/noNonNullAssertion: envelope builds one entry with one change
    body.entry[0]!.changes[0]!.field = field;
    expect((await postNotification(JSON.stringify(body))).status).toBe(200);
    await waitProcessed(marker, 1);
    const raw = await eventually(async () =>
      (await eventsNamed(a.orgId, "whatsapp.notification")).find((e) => e.data.field === field),
    );
    // deliveries are written in the statement that writes the event: none exists, none will
    const toHook = await db().delivery.count({ where: { eventId: raw.id } });
    expect(toHook).toBe(0);
    expect(a.receiver.received.some((r) => r.body?.event === "whatsapp.notification")).toBe(false);

    // org B's all-events webhook saw nothing of org A
    expect(b.receiver.received.some((r) => r.body?.organization_id === a.orgId)).toBe(false);
    expect(await db().delivery.count({ where: { webhookId: b.webhookId, organizationId: a.orgId } })).toBe(0);
    const bContact = await newContact(b.key);
    await eventually(async () => b.receiver.received.find((r) => r.body?.data?.contactId === bContact));
    expect(a.receiver.received.some((r) => r.body?.data?.contactId === bContact)).toBe(false);
  });
});
