import { sealSecret } from "../lib/crypto/secret-box";
import { db } from "../lib/db";
import { createWebhook } from "../lib/webhooks/create-webhook";
import { randomPhone } from "./support";

export type PrivateData = { webhook: string; delivery: string; conversation: string; channel: string };

/**
 * One of everything the manager pages show, written straight to the database: a webhook with a
 * failed delivery, a channel, and a contact with an open conversation. Access tests then check
 * that other roles and organizations can neither see nor change them.
 */
export async function seedPrivateData(orgId: string): Promise<PrivateData> {
  const webhook = await createWebhook(orgId, {
    url: "http://127.0.0.1:9/private-hook",
    events: ["contact.created"],
    name: "Private hook",
    secret: "private-secret-0123456789abcdefghijk",
  });
  const event = await db().event.create({
    data: { organizationId: orgId, name: "contact.created", data: {} },
  });
  const delivery = await db().delivery.create({
    data: {
      id: `wh_${Date.now()}_0123456789abcdef`,
      organizationId: orgId,
      webhookId: webhook.id,
      eventId: event.id,
      status: "failed",
      attemptCount: 8,
      nextAttemptAt: null,
    },
  });
  const channelId = crypto.randomUUID();
  const channel = await db().channel.create({
    data: {
      id: channelId,
      organizationId: orgId,
      name: "Private line",
      phoneNumberId: String(Date.now()),
      // a WABA is active in one organization at most: each call its own
      wabaId: String(200_000_000_000 + Math.floor(Math.random() * 799_999_999_999)),
      accessTokenEnc: sealSecret("t", orgId, channelId),
    },
  });
  const contact = await db().contact.create({
    data: { organizationId: orgId, phone: randomPhone(), name: "Private Customer" },
  });
  const conversation = await db().conversation.create({
    data: { organizationId: orgId, contactId: contact.id, channelId: channel.id, status: "open" },
  });
  return { webhook: webhook.id, delivery: delivery.id, conversation: conversation.id, channel: channel.id };
}
