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
export async function seedShowcase(orgId: string): Promise<PrivateData> {
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
  for (const name of ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"]) {
    await createContact(
      orgId,
      createContactBody.parse({ phone: randomPhone(), name, tags: ["vip", "newsletter"] }),
    );
  }
  return ids;
}
