import "#server-only";
import { normalizePhone } from "@/lib/contacts/phone";
import { recordContactUpdated } from "@/lib/contacts/record-contact-updated";
import {
  findContactByPhone,
  insertContact,
  updateContactReturning,
} from "@/lib/contacts/repository/contacts";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { recordEvent } from "@/lib/events/record-event";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { type StateSyncItem, stateSyncItemSchema } from "@/lib/inbound/notification-schema";
import { logger } from "@/lib/logger";

/**
 * smb_app_state_sync: the WhatsApp Business app's contacts (all of them when the sync starts,
 * then each addition and edit). An added or edited app contact becomes a contact here, or
 * renames the one with its number (contact.created / contact.updated with `changes: ["name"]`).
 * A contact removed from the app stays here: it may hold conversations, tags and fields that
 * are this service's, not the phone's (decided here).
 */
export async function processAppContacts(channel: Channel, items: unknown[]): Promise<string[]> {
  const deliveryIds: string[] = [];
  for (const raw of items) {
    const item = stateSyncItemSchema.safeParse(raw);
    if (!item.success || item.data.type !== "contact" || item.data.action === "remove") continue;
    for (let attempt = 1; ; attempt++) {
      try {
        deliveryIds.push(...(await applyAppContact(channel, item.data)));
        break;
      } catch (error) {
        // the same number created concurrently (an inbound message): look again
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }
  return deliveryIds;
}

async function applyAppContact(channel: Channel, item: StateSyncItem): Promise<string[]> {
  const number = item.contact?.phone_number?.replace(/[\s()-]/g, "") ?? "";
  const phone = normalizePhone(number);
  const name = (item.contact?.full_name ?? item.contact?.first_name ?? "").trim().slice(0, 200) || null;
  if (!phone.ok) {
    logger.info({ channelId: channel.id }, "an app contact without a usable number ignored");
    return [];
  }
  const organizationId = channel.organizationId;
  return db().$transaction(async (tx) => {
    const existing = await findContactByPhone(organizationId, phone.e164, tx);
    if (existing) {
      if (!name || existing.name === name) return [];
      await updateContactReturning(organizationId, existing.id, { name }, tx);
      return recordContactUpdated(tx, organizationId, existing.id, ["name"]);
    }
    const contact = await insertContact(organizationId, { phone: phone.e164, name }, tx);
    return recordEvent(tx, organizationId, "contact.created", {
      contactId: contact.id,
      phone: contact.phone,
      name: contact.name,
      email: contact.email,
      bsuid: null,
      username: null,
      channelId: channel.id,
      timestamp: contact.createdAt.toISOString(),
    });
  });
}
