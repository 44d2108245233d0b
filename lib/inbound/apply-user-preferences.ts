import { notificationContactSchema } from "@/lib/inbound/notification-schema";
import "#server-only";
import { z } from "zod";
import { findContactByEither, insertContact } from "@/lib/contacts/repository/contacts";
import { setMarketingPreference } from "@/lib/contacts/set-marketing-preference";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { recordEvent, type Tx } from "@/lib/events/record-event";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * Meta's `user_preferences` change value (webhooks reference, user_preferences): a customer
 * stopped or resumed marketing messages. `user_id` (a business-scoped user id) is read too, for
 * customers who hide their number (its presence here is our assumption, as in messages).
 */
const preferencesValue = z
  .object({
    metadata: z.object({ phone_number_id: z.string() }).loose(),
    contacts: z.array(notificationContactSchema).optional(),
    user_preferences: z.array(
      z
        .object({
          wa_id: z.string().optional(),
          user_id: z.string().optional(),
          category: z.string(),
          value: z.string(),
          timestamp: z.union([z.number(), z.string()]).optional(),
        })
        .loose(),
    ),
  })
  .loose();

type Preference = z.infer<typeof preferencesValue>["user_preferences"][number];

/**
 * Applies each marketing preference to its contact in the number's organization (a customer
 * we never met becomes a contact, as an inbound message would make one, but no window opens).
 * Other categories and values are kept in the stored notification only. Answers deliveries.
 */
export async function applyUserPreferences(
  value: unknown,
  channelOf: (phoneNumberId: string) => Promise<Channel | null>,
): Promise<string[]> {
  const parsed = preferencesValue.safeParse(value);
  if (!parsed.success) return [];
  const channel = await channelOf(parsed.data.metadata.phone_number_id);
  if (!channel) return [];
  const deliveryIds: string[] = [];
  for (const pref of parsed.data.user_preferences) {
    if (pref.category !== "marketing_messages" || (pref.value !== "stop" && pref.value !== "resume"))
      continue;
    const profile = parsed.data.contacts?.find(
      (c) => (pref.wa_id && c.wa_id === pref.wa_id) || (pref.user_id && c.user_id === pref.user_id),
    );
    for (let attempt = 1; ; attempt++) {
      try {
        deliveryIds.push(
          ...(await db().$transaction((tx) => apply(tx, channel, pref, profile?.profile?.name))),
        );
        break;
      } catch (error) {
        // the same customer created concurrently (an inbound message): look again
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }
  return deliveryIds;
}

async function apply(
  tx: Tx,
  channel: Channel,
  pref: Preference,
  name: string | undefined,
): Promise<string[]> {
  const organizationId = channel.organizationId;
  const phone = pref.wa_id ? `+${pref.wa_id.replace(/^\+/, "")}` : null;
  const bsuid = pref.user_id ?? null;
  if (!phone && !bsuid) return [];
  const seconds = Number(pref.timestamp);
  const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
  const existing = await findContactByEither(organizationId, { phone, bsuid }, tx);
  const created: string[] = [];
  const contact =
    existing ?? (await insertContact(organizationId, { phone, bsuid, profileName: name, name }, tx));
  if (!existing) {
    created.push(
      ...(await recordEvent(tx, organizationId, "contact.created", {
        contactId: contact.id,
        phone: contact.phone,
        name: contact.name,
        email: contact.email,
        channelId: channel.id,
        timestamp: contact.createdAt.toISOString(),
      })),
    );
  }
  const updated = await setMarketingPreference(
    tx,
    organizationId,
    contact.id,
    pref.value === "stop",
    at,
    "whatsapp",
  );
  return [...created, ...updated];
}
