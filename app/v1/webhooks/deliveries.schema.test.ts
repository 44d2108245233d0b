import { afterAll, describe, expect, it } from "vitest";
import { updateContact } from "@/lib/contacts/update-contact";
import { assignConversation } from "@/lib/conversations/assign-conversation";
import { reopenConversation } from "@/lib/conversations/reopen-conversation";
import { resolveConversation } from "@/lib/conversations/resolve-conversation";
import { db } from "@/lib/db";
import { EVENT_NAMES, TEST_EVENT_NAME } from "@/lib/events/names";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { createBroadcast, waitForBroadcast } from "@/scripts/test/broadcast-helpers";
import { createStaff } from "@/scripts/test/dashboard-session";
import {
  api,
  createTestChannel,
  createTestOrg,
  pollUntil,
  randomPhone,
  sandbox,
} from "@/scripts/test/helpers";
import { openApiValidator } from "@/scripts/test/openapi-validator";
import {
  digits,
  injectFault,
  openWindow,
  send,
  templateFixtures,
  waitForStatus,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";
import { registerWebhook, TestReceiver } from "@/scripts/test/test-receiver";

const receivers: TestReceiver[] = [];
afterAll(async () => {
  for (const r of receivers) await r.down();
});

/**
 * Item 1 of issue 21: every event really delivered is checked against the OpenAPI document the
 * API serves (its `webhooks`), body and headers, with every object closed (no field the document
 * does not name), so a payload built in SQL cannot drift from the published schema either.
 */
describe("real deliveries of every event match the OpenAPI document", () => {
  it("message.*, contact.*, conversation.*, broadcast.completed and webhook.test", async () => {
    const document = (await api("/v1/openapi.json")).body;
    const validator = openApiValidator(document);
    const hook = await TestReceiver.start();
    receivers.push(hook);
    const { key, orgId } = await createTestOrg();
    const webhookId = await registerWebhook(key, hook.url, {
      events: [...EVENT_NAMES],
      secret: "a-long-random-secret-of-at-least-32-chars",
    });

    // inbound: contact.created (with its channel), conversation.opened, message.inbound; on a
    // number shared with the Business app, so that its echoes and edits come too
    const channel = await createTestChannel(orgId, {
      templates: templateFixtures(),
      sandboxNumber: { coexistence: true },
    });
    await waitForTemplateSync(channel.channelId);
    const to = randomPhone();
    await openWindow(orgId, channel.phoneNumberId, to);
    // message.edited and message.deleted: the customer edits, then revokes, a message
    const said = await sandbox("/_sandbox/inbound", "POST", {
      phone_number_id: channel.phoneNumberId,
      from: digits(to),
      message: { type: "text", text: { body: "see you at 5" } },
    });
    const original = String(said.body.id);
    for (const message of [
      {
        type: "edit",
        edit: { original_message_id: original, message: { type: "text", text: { body: "at 6" } } },
      },
      { type: "revoke", revoke: { original_message_id: original } },
    ]) {
      await pollUntil(
        () => db().message.findUnique({ where: { whatsappMessageId: original } }),
        (m) => m !== null,
      );
      const ack = await sandbox("/_sandbox/inbound", "POST", {
        phone_number_id: channel.phoneNumberId,
        from: digits(to),
        message,
      });
      expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
    }
    // message.sent with source business_app: staff write from the app
    const echo = await sandbox("/_sandbox/echoes", "POST", {
      phone_number_id: channel.phoneNumberId,
      to: digits(to),
      message: { type: "text", text: { body: "from the phone" } },
    });
    expect(echo.body?.status, JSON.stringify(echo.body)).toBe(200);
    // broadcast.completed
    const broadcast = await createBroadcast(key, {
      name: "Schema",
      template: { name: "plain_notice", language: { code: "en_US" } },
      recipients: [{ to }],
    });
    expect(broadcast.status, broadcast.text).toBe(201);
    await waitForBroadcast(key, broadcast.body.data.id, (b) => b.status === "completed");
    // message.held: WhatsApp holds the template for a quality check (Meta's template pacing)
    await sandbox(`/_sandbox/template-pacing/${channel.wabaId}/plain_notice`, "PUT", {
      message_status: "held_for_quality_assessment",
    });
    const held = await send(key, {
      to,
      type: "template",
      template: { name: "plain_notice", language: { code: "en_US" } },
    });
    expect(held.body.data?.pacing, held.text).toBe("held");
    // outbound: message.sent, then delivered and read from the sandbox's statuses
    const sent = await send(key, { to, type: "text", text: { body: "schema check" } });
    expect(sent.status, sent.text).toBe(200);
    await waitForStatus(sent.body.data.messageId, ["read"]);
    // a refused send: message.failed, written in SQL
    await injectFault(channel.phoneNumberId, { count: 1, status: 400 });
    expect((await send(key, { to, type: "text", text: { body: "refused" } })).status).toBe(502);
    // contact.created through the API, contact.updated
    const created = await api("/v1/contacts", {
      method: "POST",
      key,
      body: { phone: randomPhone(), name: "Ada" },
    });
    await updateContact(orgId, created.body.data.id, { name: "Ada L.", tags: ["vip"] });
    // conversation.assigned, conversation.resolved and conversation.reopened by a staff member
    const staff = await createStaff("agent", orgId);
    const user = await db().user.findFirstOrThrow({ where: { email: staff.email } });
    const conversation = await db().conversation.findFirstOrThrow({ where: { organizationId: orgId } });
    await assignConversation(orgId, conversation.id, user.id);
    await resolveConversation(orgId, conversation.id, user.id);
    await reopenConversation(orgId, conversation.id, user.id);
    await sendTestEvent(orgId, webhookId);

    // the events this walk makes (its title); conversation.owner_changed (routing.test.ts),
    // broadcast.paused (broadcasts.autopause.test.ts), flow.completed (messages.flows.test.ts),
    // flow.status_changed and flow.health (app/webhooks/whatsapp/flows-health.test.ts),
    // whatsapp.notification (unprocessed-fields.test.ts) and the call events (calls.test.ts) are
    // made and checked in their own files
    const elsewhere = new Set([
      "call.ringing",
      "call.connected",
      "call.ended",
      "call.permission_changed",
      "conversation.owner_changed",
      "broadcast.paused",
      "flow.completed",
      "flow.status_changed",
      "flow.health",
      "whatsapp.notification",
    ]);
    const wanted = [...EVENT_NAMES.filter((name) => !elsewhere.has(name)), TEST_EVENT_NAME];
    await pollUntil(
      async () => new Set(hook.received.map((r) => r.body?.event)),
      (seen) => wanted.every((name) => seen.has(name)),
    );
    for (const name of wanted) {
      const deliveries = hook.received.filter((r) => r.body?.event === name);
      expect(deliveries.length, name).toBeGreaterThan(0);
      for (const r of deliveries) {
        expect(validator.delivery(name, r.headers, r.body), `${name}: ${r.raw}`).toEqual([]);
      }
    }
  }, 240_000); // a dozen events, each made and delivered: 60 s ran out in CI at a load of 17

  it("a payload with a field the document does not name, or a wrong type, fails the check", async () => {
    const validator = openApiValidator((await api("/v1/openapi.json")).body);
    const data = {
      contactId: "3f1c2b9e-8d4a-4f6b-9c7e-2a5d1e0b7c64",
      phone: "+14155550123",
      name: null,
      email: null,
      channelId: null,
      bsuid: null,
      username: null,
      timestamp: "2026-01-15T09:30:00.000Z",
    };
    const body = {
      id: "wh_1767225600045_9f2c4e1a7b3d5c60",
      event: "contact.created",
      timestamp: "2026-01-15T09:30:00.000Z",
      organization_id: "6f1c2b9e-8d4a-4f6b-9c7e-2a5d1e0b7c64",
      data,
    };
    const headers = {
      "content-type": "application/json",
      "user-agent": "Service-Webhooks/1.0",
      "x-service-event": "contact.created",
      "x-service-timestamp": "1767225600123",
      "x-service-delivery-id": body.id,
      "webhook-id": body.id,
      "webhook-timestamp": "1767225600",
    };
    expect(validator.delivery("contact.created", headers, body)).toEqual([]);
    expect(
      validator.delivery("contact.created", headers, { ...body, data: { ...data, extra: 1 } }),
    ).not.toEqual([]);
    expect(
      validator.delivery("contact.created", headers, { ...body, data: { ...data, phone: 1 } }),
    ).not.toEqual([]);
    expect(validator.delivery("contact.created", { ...headers, "x-service-event": "x" }, body)).not.toEqual(
      [],
    );
  });
});
