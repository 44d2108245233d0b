import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createStaff, dashboardCall, signInWithPassword } from "@/scripts/test/dashboard-session";
import {
  createTestChannel,
  createTestOrg,
  eventually,
  type TestChannel,
  type TestOrg,
} from "@/scripts/test/helpers";
import { envelope, eventsNamed, postNotification, waitProcessed } from "@/scripts/test/inbound-helpers";
import { counterValue, scrapeWorker } from "@/scripts/test/metrics-text";
import {
  registerWebhook,
  TestReceiver,
  verifyServiceSignature,
  verifyStandardSignature,
} from "@/scripts/test/test-receiver";

/**
 * Issue 30, part 2: a notification field the product does not process is never dropped in
 * silence. It is kept (the stored raw row), counted on the worker's /metrics by field, counted on
 * its channel (and shown by the Channels page's JSON), and delivered as `whatsapp.notification`
 * to a webhook that subscribed to it by name, signed like every event; to nobody else, and never
 * to another organization.
 */

const SECRET = `whsec_${Buffer.from(randomUUID() + randomUUID()).toString("base64")}`;

type Org = TestOrg & {
  channel: TestChannel;
  subscribed: TestReceiver;
  allEvents: TestReceiver;
  cookie: string;
};

let a: Org;
let b: Org;

async function orgWithHooks(): Promise<Org> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId);
  const subscribed = await TestReceiver.start();
  const allEvents = await TestReceiver.start();
  await registerWebhook(org.key, subscribed.url, { events: ["whatsapp.notification"], secret: SECRET });
  // what "All events" subscribes to: every event but the opt-in ones, also those declared later
  await registerWebhook(org.key, allEvents.url, { events: ["*"] });
  const staff = await createStaff("owner", org.orgId);
  const signed = await signInWithPassword(staff.email, staff.password);
  if (!signed.cookie) throw new Error(`sign-in failed: ${signed.error}`);
  return { ...org, channel, subscribed, allEvents, cookie: signed.cookie };
}

beforeAll(async () => {
  [a, b] = [await orgWithHooks(), await orgWithHooks()];
}, 120_000);

afterAll(async () => {
  for (const org of [a, b]) {
    await org?.subscribed.down();
    await org?.allEvents.down();
  }
});

/** The counter of `field`, held by a channel (`known`, the default) or by none. */
function sample(text: string, field: string, channel: "known" | "none" = "known"): number {
  return counterValue(text, "messaging_upstream_unprocessed_fields_total", { field, channel });
}

/** A notification of `field` for a number, its value carrying `marker`. */
function notificationOf(phoneNumberId: string, field: string, marker: string) {
  const body = envelope(phoneNumberId, { marker, nested: { list: [1, "two", null] } });
  // biome-ignore lint/style/noNonNullAssertion: envelope builds one entry with one change
  body.entry[0]!.changes[0]!.field = field;
  return body;
}

async function channelRow(org: Org) {
  const res = await dashboardCall(org.cookie, "/api/dashboard/channels");
  expect(res.status).toBe(200);
  const { channels } = res.body.data as {
    channels: {
      id: string;
      unprocessed: { field: string; count: number; last_seen_at: string; example: unknown }[];
    }[];
  };
  const row = channels.find((c) => c.id === org.channel.channelId);
  expect(row).toBeDefined();
  return row as (typeof channels)[number];
}

describe("a notification field nobody knows", () => {
  it("is kept, counted on /metrics and on its channel, and delivered to the webhook that asked for it only", async () => {
    const field = `field_nobody_knows_${randomUUID().slice(0, 4).replace(/\d/g, "x")}`;
    const before = sample(await scrapeWorker(), field);
    const marker = randomUUID();
    const body = notificationOf(a.channel.phoneNumberId, field, marker);
    const posted = await postNotification(JSON.stringify(body));
    expect(posted.status, posted.text).toBe(200);
    await waitProcessed(marker, 1);

    // 1. the stored raw row, byte for byte, processed (so pruned after 30 days like every other)
    const stored = await db().$queryRaw<{ raw: Buffer | null; payload: unknown; processed: boolean }[]>`
      SELECT raw, payload, processed_at IS NOT NULL AS processed FROM upstream_notifications
      WHERE payload::text LIKE ${`%${marker}%`}`;
    expect(stored).toHaveLength(1);
    expect(stored[0]?.payload).toEqual(body);
    expect(stored[0]?.processed).toBe(true);

    // 2. /metrics of the worker, by field
    await eventually(async () => sample(await scrapeWorker(), field) === before + 1);

    // 3. the channel's record, as the Channels page reads it
    const row = await eventually(async () => {
      const r = await channelRow(a);
      return r.unprocessed.find((u) => u.field === field);
    });
    expect(row).toMatchObject({ field, count: 1 });
    expect(row.example).toEqual(body.entry[0]?.changes[0]?.value);
    expect((await channelRow(b)).unprocessed.find((u) => u.field === field)).toBeUndefined();

    // 4. whatsapp.notification to the subscribed webhook, signed both ways
    const delivered = await eventually(async () =>
      a.subscribed.received.find((r) => r.body?.data?.field === field),
    );
    expect(delivered.body.event).toBe("whatsapp.notification");
    expect(delivered.body.data).toEqual({
      channelId: a.channel.channelId,
      field,
      value: body.entry[0]?.changes[0]?.value,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(verifyServiceSignature(SECRET, delivered)).toBe(true);
    expect(verifyStandardSignature(SECRET, delivered)).toBe(true);

    // a second one counts on
    const again = randomUUID();
    expect(
      (await postNotification(JSON.stringify(notificationOf(a.channel.phoneNumberId, field, again)))).status,
    ).toBe(200);
    await waitProcessed(again, 1);
    await eventually(
      async () => (await channelRow(a)).unprocessed.find((u) => u.field === field)?.count === 2,
    );

    // never to a webhook that did not name it, nor to org B
    const events = await eventsNamed(a.orgId, "whatsapp.notification");
    expect(events.filter((e) => e.data.field === field)).toHaveLength(2);
    expect(
      (await eventsNamed(b.orgId, "whatsapp.notification")).filter((e) => e.data.field === field),
    ).toEqual([]);
    expect(a.allEvents.received.some((r) => r.body?.event === "whatsapp.notification")).toBe(false);
    expect(b.subscribed.received.some((r) => r.body?.data?.field === field)).toBe(false);
  });

  it("org B's number reaches org B only; a WABA-level field finds its channel by the WABA id", async () => {
    const marker = randomUUID();
    const body = {
      object: "whatsapp_business_account",
      entry: [{ id: b.channel.wabaId, time: 1, changes: [{ field: "account_alerts", value: { marker } }] }],
    };
    expect((await postNotification(JSON.stringify(body))).status).toBe(200);
    await waitProcessed(marker, 1);
    const delivered = await eventually(async () =>
      b.subscribed.received.find((r) => r.body?.data?.value?.marker === marker),
    );
    expect(delivered.body.data).toMatchObject({ channelId: b.channel.channelId, field: "account_alerts" });
    const row = await eventually(async () =>
      (await channelRow(b)).unprocessed.find((u) => u.field === "account_alerts"),
    );
    expect(row.example).toEqual({ marker });
    expect((await channelRow(a)).unprocessed.find((u) => u.field === "account_alerts")).toBeUndefined();
    expect(a.subscribed.received.some((r) => r.body?.data?.value?.marker === marker)).toBe(false);
  });

  it("a notification for no known channel is counted and kept, and reaches no organization", async () => {
    const marker = randomUUID();
    const field = "field_for_nobody";
    const before = sample(await scrapeWorker(), field, "none");
    const body = notificationOf("999000111222333", field, marker);
    // biome-ignore lint/style/noNonNullAssertion: one entry
    body.entry[0]!.id = "999000111222334";
    expect((await postNotification(JSON.stringify(body))).status).toBe(200);
    await waitProcessed(marker, 1);
    await eventually(async () => sample(await scrapeWorker(), field, "none") === before + 1);
    // none of it counted as held by a channel
    expect(sample(await scrapeWorker(), field, "known")).toBe(0);
    const rows = await db().channelUnprocessedField.count({ where: { field } });
    expect(rows).toBe(0);
    const events = await db().event.count({
      where: { name: "whatsapp.notification", data: { path: ["field"], equals: field } },
    });
    expect(events).toBe(0);
  });

  it("a field name outside [a-z_]{1,40} is counted as other", async () => {
    const marker = randomUUID();
    const before = sample(await scrapeWorker(), "other");
    const body = notificationOf(a.channel.phoneNumberId, `Weird-Field ${marker}`, marker);
    expect((await postNotification(JSON.stringify(body))).status).toBe(200);
    await waitProcessed(marker, 1);
    await eventually(async () => sample(await scrapeWorker(), "other") >= before + 1);
    expect(await scrapeWorker()).not.toContain(marker);
  });
});

describe("a template or Flows change no channel can apply is not skipped in silence", () => {
  /** A WABA-level change of `field` for `wabaId`, its value carrying `marker`. */
  function wabaChange(wabaId: string, field: string, marker: string) {
    const value = { event: "APPROVED", message_template_name: `t_${marker.slice(0, 8)}`, marker };
    return {
      object: "whatsapp_business_account",
      entry: [{ id: wabaId, time: 1, changes: [{ field, value }] }],
    };
  }

  it("for a WABA nobody has active: counted on /metrics and kept, and reaches no organization", async () => {
    const field = "message_template_status_update";
    const before = sample(await scrapeWorker(), field, "none");
    const marker = randomUUID();
    const wabaId = `99${Date.now()}`;
    expect((await postNotification(JSON.stringify(wabaChange(wabaId, field, marker)))).status).toBe(200);
    await waitProcessed(marker, 1);
    // counted before the notification is marked processed: no wait for it
    expect(sample(await scrapeWorker(), field, "none")).toBeGreaterThanOrEqual(before + 1);
    const events = await db().event.count({
      where: { name: "whatsapp.notification", data: { path: ["value", "marker"], equals: marker } },
    });
    expect(events).toBe(0);
  });

  it("a Flows change for a WABA nobody has active: counted on /metrics and kept, and reaches no organization", async () => {
    const before = sample(await scrapeWorker(), "flows", "none");
    const marker = randomUUID();
    const wabaId = `98${Date.now()}`;
    const value = { event: "FLOW_STATUS_CHANGE", flow_id: `${Date.now()}`, new_status: "THROTTLED", marker };
    const body = {
      object: "whatsapp_business_account",
      entry: [{ id: wabaId, time: 1, changes: [{ field: "flows", value }] }],
    };
    expect((await postNotification(JSON.stringify(body))).status).toBe(200);
    await waitProcessed(marker, 1);
    expect(sample(await scrapeWorker(), "flows", "none")).toBeGreaterThanOrEqual(before + 1);
    const stored = await db().$queryRaw<{ processed: boolean }[]>`
      SELECT processed_at IS NOT NULL AS processed FROM upstream_notifications WHERE payload::text LIKE ${`%${marker}%`}`;
    expect(stored).toEqual([{ processed: true }]);
    const events = await db().event.count({ where: { data: { path: ["value", "marker"], equals: marker } } });
    expect(events).toBe(0);
    expect(await db().flow.count({ where: { upstreamId: value.flow_id } })).toBe(0);
  });

  it("for a WABA whose only active channel has a refused token: recorded on that channel, its organization's only", async () => {
    const c = await orgWithHooks();
    try {
      // what a template sync that Meta answered "invalid token" leaves (lib/templates/sync-templates.ts)
      await db().channel.update({
        where: { id: c.channel.channelId },
        data: { tokenInvalidAt: new Date(), tokenError: "refused in a test" },
      });
      for (const field of ["message_template_status_update", "template_category_update"]) {
        const marker = randomUUID();
        const before = sample(await scrapeWorker(), field);
        expect(
          (await postNotification(JSON.stringify(wabaChange(c.channel.wabaId, field, marker)))).status,
        ).toBe(200);
        await waitProcessed(marker, 1);
        expect(sample(await scrapeWorker(), field)).toBeGreaterThanOrEqual(before + 1);
        const row = await eventually(async () => {
          const r = (await channelRow(c)).unprocessed.find((u) => u.field === field);
          return (r?.example as { marker?: string } | undefined)?.marker === marker ? r : undefined;
        });
        expect(row.count).toBe(1);
        const delivered = await eventually(async () =>
          c.subscribed.received.find((r) => r.body?.data?.value?.marker === marker),
        );
        expect(delivered.body.data).toMatchObject({ channelId: c.channel.channelId, field });
        for (const org of [a, b]) {
          expect((await channelRow(org)).unprocessed.find((u) => u.field === field)).toBeUndefined();
          expect(org.subscribed.received.some((r) => r.body?.data?.value?.marker === marker)).toBe(false);
        }
      }
      // a Flows alert likewise (its value as lib/flows/flow-health.ts reads it)
      const marker = randomUUID();
      const flows = {
        object: "whatsapp_business_account",
        entry: [
          {
            id: c.channel.wabaId,
            time: 1,
            changes: [
              {
                field: "flows",
                value: {
                  event: "FLOW_STATUS_CHANGE",
                  message: marker,
                  flow_id: `flow_${marker.slice(0, 8)}`,
                  old_status: "DRAFT",
                  new_status: "PUBLISHED",
                },
              },
            ],
          },
        ],
      };
      expect((await postNotification(JSON.stringify(flows))).status).toBe(200);
      await waitProcessed(marker, 1);
      const flowRow = await eventually(async () =>
        (await channelRow(c)).unprocessed.find((u) => u.field === "flows"),
      );
      expect((flowRow.example as { message?: string }).message).toBe(marker);
    } finally {
      await c.subscribed.down();
      await c.allEvents.down();
    }
  });
});
