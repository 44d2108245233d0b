import "#server-only";
import { mergeContacts } from "@/lib/contacts/merge-contacts";
import { recordContactUpdated } from "@/lib/contacts/record-contact-updated";
import {
  findContactByBsuid,
  findContactByPhone,
  updateContactReturning,
} from "@/lib/contacts/repository/contacts";
import { db } from "@/lib/db";
import type { Tx } from "@/lib/events/record-event";
import type { Channel, Contact } from "@/lib/generated/prisma/client.ts";
import type { InboundMessage } from "@/lib/inbound/notification-schema";
import { logger } from "@/lib/logger";

/** `from`: the old identifier; `phone`: the sender's number, which finds the contact when `from` does not */
type Identity = { field: "bsuid" | "phone"; from: string | null; to: string; phone: string | null };

/**
 * Meta's system messages (`type: "system"`): `user_changed_user_id` gives the customer a new
 * business-scoped user id (`system.user_id`, with `system.parent_user_id`), the old one being
 * the sender's `from_user_id`; `user_changed_number` a new number (`system.wa_id`). The contact
 * moves to the new identifier, keeping its id, history and window, and contact.updated names the
 * change; when a contact already holds the new identifier, the two become one. Nothing is stored
 * as a message. Safe to run twice: the second time the old identifier finds nobody.
 */
export async function applyIdentityChange(channel: Channel, message: InboundMessage): Promise<string[]> {
  const change = identityOf(message);
  if (!change) {
    logger.info({ type: message.system?.type }, "system message without a usable identifier kept unmapped");
    return [];
  }
  return db().$transaction(async (tx) => {
    const organizationId = channel.organizationId;
    const current =
      (await findBy(tx, organizationId, change.field, change.from)) ??
      (await findBy(tx, organizationId, "phone", change.phone));
    if (!current || current[change.field] === change.to) return [];
    const holder = await findBy(tx, organizationId, change.field, change.to);
    let contact: Contact = current;
    const mergedContactIds: string[] = [];
    const mergeChanges: string[] = [];
    if (holder && holder.id !== current.id) {
      const merged = await mergeContacts(tx, current, holder);
      contact = merged.contact;
      mergedContactIds.push(merged.absorbedId);
      mergeChanges.push(...merged.changes, "merged");
    }
    const parent = message.system?.parent_user_id;
    contact = await updateContactReturning(
      organizationId,
      contact.id,
      change.field === "bsuid"
        ? { bsuid: change.to, ...(parent ? { parentBsuid: parent } : {}) }
        : { phone: change.to },
      tx,
    );
    const changes: string[] = [change.field, ...mergeChanges];
    return recordContactUpdated(
      tx,
      organizationId,
      contact.id,
      changes,
      mergedContactIds.length > 0 ? { mergedContactIds } : {},
    );
  });
}

function identityOf(message: InboundMessage): Identity | null {
  const system = message.system;
  if (system?.type === "user_changed_user_id" && system.user_id) {
    const from = message.from_user_id ?? system.previous_user_id ?? null;
    const phone = message.from ? plus(message.from) : null;
    return from || phone ? { field: "bsuid", from, to: system.user_id, phone } : null;
  }
  if (system?.type === "user_changed_number" && system.wa_id && message.from) {
    return { field: "phone", from: plus(message.from), to: plus(system.wa_id), phone: null };
  }
  return null;
}

function plus(digits: string): string {
  return `+${digits.replace(/^\+/, "")}`;
}

function findBy(tx: Tx, organizationId: string, field: "bsuid" | "phone", value: string | null) {
  if (!value) return Promise.resolve(null);
  return field === "bsuid"
    ? findContactByBsuid(organizationId, value, tx)
    : findContactByPhone(organizationId, value, tx);
}
