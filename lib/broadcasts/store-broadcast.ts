import "#server-only";
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import type { CheckedTemplate } from "@/lib/broadcasts/check-broadcast-template";
import type { InlineRow } from "@/lib/broadcasts/inline-recipients";
import {
  findContactIdsByPhone,
  insertInlineContacts,
  insertRecipients,
} from "@/lib/broadcasts/repository/audience";
import { insertBroadcast } from "@/lib/broadcasts/repository/broadcasts";
import { addContactTags } from "@/lib/contacts/repository/contacts";
import { db } from "@/lib/db";
import type { Tx } from "@/lib/events/record-event";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

export type Audience = {
  tags: string[];
  excludeTags: string[];
  /** UUIDs only; any other organization's id simply matches no contact of this one */
  contactIds: string[];
  inline: InlineRow[];
};

export type NewBroadcast = {
  organizationId: string;
  name: string;
  template: CheckedTemplate;
  scheduledAt: Date | null;
  audience: Audience;
};

/**
 * The broadcast, its recipients and the contacts its inline numbers create, in one
 * transaction of a few set-based statements (design.md, Broadcasts): however large the
 * audience, nothing of it passes through this process's memory. An empty audience stores
 * nothing. Returns the id and the contact.created deliveries to enqueue.
 */
export async function storeBroadcast(b: NewBroadcast, now = new Date()) {
  const id = randomUUID();
  const { deliveryIds } = await db().$transaction((tx) => writeBroadcast(tx, id, b, now), TX_OPTIONS);
  return { id, deliveryIds };
}

/** A large audience takes seconds to write; the default 5 s would cut it off. */
export const TX_OPTIONS = { timeout: 120_000, maxWait: 10_000 };

/**
 * The writes of storeBroadcast inside the caller's transaction (the dashboard's preview runs
 * them and rolls back, so that what it shows is exactly what creating would store).
 */
export async function writeBroadcast(tx: Tx, id: string, b: NewBroadcast, now: Date) {
  const deliveryIds = await createInlineContacts(tx, b, now);
  const running = !b.scheduledAt || b.scheduledAt <= now;
  await insertBroadcast(
    b.organizationId,
    {
      id,
      channelId: b.template.channel.id,
      name: b.name,
      status: running ? "running" : "scheduled",
      templateName: b.template.name,
      templateLanguage: b.template.language,
      templateCategory: b.template.category,
      components: b.template.components as Prisma.InputJsonValue,
      placeholders: b.template.keys,
      total: 0,
      scheduledAt: b.scheduledAt,
      startedAt: running ? now : null,
      createdAt: now,
    },
    tx,
  );
  const { audience, template } = b;
  const total = await insertRecipients(
    b.organizationId,
    id,
    {
      ...audience,
      marketing: template.category === "MARKETING",
      keys: template.keys,
      required: template.required,
    },
    now,
    tx,
  );
  if (total === 0) {
    throw new ApiError("VALIDATION_INVALID_FIELD", "No contact matches this audience.", {
      field: "audience",
      hint: "check the tags and contact ids; a contact needs a phone number (or a user id) to receive a broadcast",
    });
  }
  return { deliveryIds, total };
}

/**
 * Inline numbers unknown as contacts become contacts (contact.created) with the name, e-mail,
 * custom fields and tags their recipient gave (a CSV audience's known columns); a number that is
 * a contact already is left as it is.
 */
async function createInlineContacts(tx: Tx, b: NewBroadcast, now: Date): Promise<string[]> {
  const rows = b.audience.inline.filter((r) => r.kind === "ok");
  if (rows.length === 0) return [];
  const org = b.organizationId;
  const { deliveryIds, created } = await insertInlineContacts(
    org,
    rows,
    { channelId: b.template.channel.id, now },
    tx,
  );
  await tagNewContacts(tx, org, rows, new Set(created));
  return deliveryIds;
}

/** The tags of the contacts just created (phones `created`); set-based, as the rest of the write. */
async function tagNewContacts(tx: Tx, organizationId: string, rows: InlineRow[], created: Set<string>) {
  const tagged = rows.filter((r) => created.has(r.phone) && (r.contact?.tags ?? []).length > 0);
  if (tagged.length === 0) return;
  const idOf = await findContactIdsByPhone(
    organizationId,
    tagged.map((r) => r.phone),
    tx,
  );
  await addContactTags(
    organizationId,
    tagged.flatMap((r) => {
      const contactId = idOf.get(r.phone);
      return contactId ? [{ contactId, tags: r.contact?.tags ?? [] }] : [];
    }),
    tx,
  );
}
