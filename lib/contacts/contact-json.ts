import { toCallPermissionJson } from "@/lib/contacts/call-permission";
import type { ContactJson } from "@/lib/contacts/schemas";
import { storedReferral } from "@/lib/events/referral";
import type { Contact } from "@/lib/generated/prisma/client.ts";

export type ContactWithTags = Contact & { tags: { tag: { name: string } }[] };

export const contactInclude = { tags: { select: { tag: { select: { name: true } } } } } as const;

export function toContactJson(contact: ContactWithTags): ContactJson {
  return {
    id: contact.id,
    phone: contact.phone,
    name: contact.name,
    email: contact.email,
    tags: contact.tags.map((t) => t.tag.name).sort(),
    custom_fields: (contact.customFields ?? {}) as ContactJson["custom_fields"],
    bsuid: contact.bsuid,
    username: contact.username,
    blocked: contact.blockedAt !== null,
    marketing_opt_out: contact.marketingOptOut,
    marketing_opt_out_at: contact.marketingOptOutAt?.toISOString() ?? null,
    marketing_opt_out_source: optOutSource(contact.marketingOptOutSource),
    first_referral: contactReferral(contact.firstReferral),
    latest_referral: contactReferral(contact.latestReferral),
    call_permission: toCallPermissionJson(contact),
    created_at: contact.createdAt.toISOString(),
    updated_at: contact.updatedAt.toISOString(),
  };
}

function contactReferral(stored: unknown): ContactJson["first_referral"] {
  const referral = storedReferral(stored);
  const at = (stored as { at?: unknown } | null)?.at;
  return referral && typeof at === "string" ? { ...referral, at } : null;
}

function optOutSource(source: string | null): ContactJson["marketing_opt_out_source"] {
  return source === "stop_word" || source === "whatsapp" ? source : null;
}
