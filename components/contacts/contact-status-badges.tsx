"use client";

import { formatDateTime } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";

export type ContactStatus = {
  blocked: boolean;
  marketing_opt_out: boolean;
  marketing_opt_out_at: string | null;
  marketing_opt_out_source: string | null;
};

const HOW: Record<string, string> = {
  stop_word: "wrote a stop word",
  whatsapp: "WhatsApp's setting",
};

/** "Stopped marketing" with how and when, in words (an older opt-out may not know how). */
export function optOutDetail(c: ContactStatus): string {
  const how = c.marketing_opt_out_source ? HOW[c.marketing_opt_out_source] : undefined;
  const when = c.marketing_opt_out_at ? formatDateTime(c.marketing_opt_out_at) : undefined;
  return [how, when].filter(Boolean).join(", ");
}

/**
 * A contact's "Blocked" and "Stopped marketing" badges, the latter with how and when: where staff
 * see a customer (contact list, contact dialog, thread header).
 */
export function ContactStatusBadges({ contact, className }: { contact: ContactStatus; className?: string }) {
  if (!contact.blocked && !contact.marketing_opt_out) return null;
  const detail = optOutDetail(contact);
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-2 gap-y-1 ${className ?? ""}`}>
      {contact.blocked ? <Badge tone="danger">Blocked</Badge> : null}
      {contact.marketing_opt_out ? (
        <>
          <Badge tone="warning">Stopped marketing</Badge>
          {detail ? <span className="text-xs font-normal text-slate-600">{detail}</span> : null}
        </>
      ) : null}
    </span>
  );
}
