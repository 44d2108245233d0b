"use client";

import { type FormEvent, useState } from "react";
import { ContactStatusBadges } from "@/components/contacts/contact-status-badges";
import { useClearMarketingOptOut, useContactHistory } from "@/components/contacts/use-contacts";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { controlClass, Field } from "@/components/ui/input";
import type { ContactChangeJson } from "@/lib/contacts/contact-history-schemas";
import type { ContactJson } from "@/lib/contacts/schemas";

const SOURCE: Record<string, string> = {
  stop_word: "the customer wrote a stop word",
  whatsapp: "the customer, in WhatsApp's settings",
};

function changeText(change: ContactChangeJson): string {
  if (change.field !== "marketing_opt_out") {
    const by = change.user ? ` by ${change.user.name ?? change.user.email}` : "";
    const how = change.source === "import" ? ` — CSV import${by}` : by ? ` —${by}` : "";
    return `${change.field.replace(/^custom_fields\./, "")} set to “${change.value}”${how}`;
  }
  const what = change.value === "true" ? "Stopped marketing messages" : "Marketing messages allowed again";
  const who = change.user ? `by ${change.user.name ?? change.user.email}` : (SOURCE[change.source] ?? "");
  return `${what}${who ? ` — ${who}` : ""}`;
}

/**
 * The contact dialog's status and history: "Blocked" and "Stopped marketing" for everyone; owners
 * and admins may clear an opt-out, only with a typed reason that the history keeps.
 */
export function ContactMarketingSection({ contact, manager }: { contact: ContactJson; manager: boolean }) {
  const [current, setCurrent] = useState(contact);
  const [reason, setReason] = useState("");
  const history = useContactHistory(contact.id);
  const clear = useClearMarketingOptOut();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    clear.mutate(
      { id: contact.id, reason: reason.trim() },
      {
        onSuccess: ({ contact: next }) => {
          setCurrent(next);
          setReason("");
          void history.refetch();
        },
      },
    );
  };

  return (
    <section aria-labelledby="contact-history-title" className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id="contact-history-title" className="text-sm font-semibold text-slate-900">
        Status and history
      </h3>
      {current.blocked || current.marketing_opt_out ? (
        <ContactStatusBadges contact={current} />
      ) : (
        <p className="text-sm text-slate-600">Receives marketing messages; not blocked.</p>
      )}
      {current.marketing_opt_out && manager ? (
        <form onSubmit={submit} aria-label="Allow marketing messages again" className="space-y-2">
          <Field
            label="Reason for allowing marketing messages again"
            hint="The customer stopped them: say why they may be sent again (kept in the history)."
          >
            {({ id, describedBy }) => (
              <textarea
                id={id}
                aria-describedby={describedBy}
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className={cx(controlClass, "py-2")}
              />
            )}
          </Field>
          {clear.isError ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              Not cleared: {errorMessage(clear.error)}
            </p>
          ) : null}
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            loading={clear.isPending}
            disabled={!reason.trim()}
          >
            Clear opt-out
          </Button>
        </form>
      ) : null}
      {history.data && history.data.length > 0 ? (
        <ol aria-label="Contact history" className="space-y-2 text-sm">
          {history.data.map((h) => (
            <li key={h.id} className="rounded-md bg-slate-50 px-3 py-2">
              <span className="block text-slate-900">{changeText(h)}</span>
              {h.reason ? <span className="block text-slate-700">Reason: {h.reason}</span> : null}
              <span className="block text-xs text-slate-600">{formatDateTime(h.at)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
