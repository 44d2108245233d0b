import { createContact } from "../lib/contacts/create-contact";
import { createContactBody } from "../lib/contacts/schemas";
import { db } from "../lib/db";
import { type PrivateData, seedPrivateData } from "./private-data";
import { randomPhone } from "./support";

/** Every dashboard page, with its h1 and its link in the navigation. */
export const DASHBOARD_PAGES = [
  { path: "/dashboard", heading: "Overview", nav: "Overview" },
  { path: "/dashboard/conversations", heading: "Conversations", nav: "Conversations" },
  { path: "/dashboard/contacts", heading: "Contacts", nav: "Contacts" },
  { path: "/dashboard/broadcasts", heading: "Broadcasts", nav: "Broadcasts" },
  { path: "/dashboard/broadcasts/new", heading: "New broadcast", nav: "Broadcasts" },
  { path: "/dashboard/keys", heading: "API keys", nav: "API keys" },
  { path: "/dashboard/webhooks", heading: "Webhooks", nav: "Webhooks" },
  { path: "/dashboard/deliveries?status=any", heading: "Deliveries", nav: "Deliveries" },
  { path: "/dashboard/channels", heading: "Channels", nav: "Channels" },
  { path: "/dashboard/templates", heading: "Templates", nav: "Templates" },
] as const;

/**
 * Something on every dashboard page, so layout and accessibility checks see filled tables,
 * lists and threads rather than empty states: seedPrivateData's webhook, failed delivery,
 * channel and open conversation, plus a reply in that conversation, a template and tagged contacts.
 */
export async function seedShowcase(orgId: string): Promise<PrivateData & { broadcast: string }> {
  const ids = await seedPrivateData(orgId);
  const conversation = await db().conversation.findUniqueOrThrow({ where: { id: ids.conversation } });
  const t0 = Date.now();
  await db().message.create({
    data: {
      organizationId: orgId,
      contactId: conversation.contactId,
      conversationId: conversation.id,
      direction: "inbound",
      type: "text",
      content: { text: "Hello, is my parcel on its way? It was due yesterday afternoon." },
      status: "delivered",
      deliveredAt: new Date(t0 - 60_000),
      createdAt: new Date(t0 - 60_000),
    },
  });
  await db().message.create({
    data: {
      organizationId: orgId,
      contactId: conversation.contactId,
      conversationId: conversation.id,
      direction: "outbound",
      type: "text",
      content: { request: { type: "text", text: { body: "It ships today, with tracking by e-mail." } } },
      status: "delivered",
      sentAt: new Date(t0 - 30_000),
      deliveredAt: new Date(t0 - 29_000),
      createdAt: new Date(t0 - 31_000),
    },
  });
  await db().conversation.update({ where: { id: conversation.id }, data: { lastActivityAt: new Date(t0) } });
  await db().template.create({
    data: {
      organizationId: orgId,
      channelId: ids.channel,
      name: "order_update",
      category: "UTILITY",
      translations: {
        create: {
          language: "en_US",
          status: "APPROVED",
          category: "UTILITY",
          upstreamId: String(t0),
          components: [{ type: "BODY", text: "Your order {{1}} ships on {{2}}." }],
        },
      },
    },
  });
  const contacts = [];
  for (const name of ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"]) {
    contacts.push(
      await createContact(
        orgId,
        createContactBody.parse({ phone: randomPhone(), name, tags: ["vip", "newsletter"] }),
      ),
    );
  }
  return { ...ids, broadcast: await seedBroadcast(orgId, ids.channel, contacts, t0) };
}

/** A finished broadcast with a read, a failed and a skipped recipient (the worker never drives a completed one). */
async function seedBroadcast(
  orgId: string,
  channelId: string,
  contacts: { id: string; phone: string | null }[],
  t0: number,
) {
  const [read, failed, skipped] = contacts;
  const at = (s: number) => new Date(t0 - s * 1000);
  const broadcast = await db().broadcast.create({
    data: {
      organizationId: orgId,
      channelId,
      name: "Spring sale",
      status: "completed",
      templateName: "order_update",
      templateLanguage: "en_US",
      templateCategory: "UTILITY",
      components: [],
      placeholders: [],
      total: 3,
      startedAt: at(600),
      completedAt: at(590),
      createdAt: at(601),
      recipients: {
        create: [
          {
            seq: 1,
            organizationId: orgId,
            contactId: read?.id,
            phone: read?.phone,
            status: "read",
            sentAt: at(599),
            deliveredAt: at(598),
            readAt: at(500),
            repliedAt: at(400),
          },
          {
            seq: 2,
            organizationId: orgId,
            contactId: failed?.id,
            phone: failed?.phone,
            status: "failed",
            errorCode: "131026",
            errorMessage: "Message undeliverable",
            failedAt: at(598),
          },
          {
            seq: 3,
            organizationId: orgId,
            contactId: skipped?.id,
            phone: skipped?.phone,
            status: "skipped",
            skipReason: "opted_out",
          },
        ],
      },
    },
  });
  return broadcast.id;
}
