"use client";

import { useDeleteContact } from "@/components/contacts/use-contacts";
import { errorMessage } from "@/components/lib/fetch-json";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import type { ContactJson } from "@/lib/contacts/schemas";

/** Confirms, then deletes: the contact, its conversations and messages. No webhook event is sent. */
export function DeleteContactDialog({
  contact,
  onClose,
}: {
  contact: ContactJson | null;
  onClose: () => void;
}) {
  const remove = useDeleteContact();
  const toast = useToast();
  const label = contact?.name ?? contact?.phone ?? "this contact";
  return (
    <ConfirmDialog
      open={contact !== null}
      title="Delete this contact?"
      confirmLabel="Delete contact"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!contact) return;
        remove.mutate(contact.id, {
          onSuccess: () => {
            toast.show(`${label} deleted.`);
            remove.reset();
            onClose();
          },
        });
      }}
    >
      <p>
        <strong>{label}</strong> {contact?.phone ? `(${contact.phone}) ` : ""}will be deleted with its
        conversations and messages. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
