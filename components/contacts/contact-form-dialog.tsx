"use client";

import { useState } from "react";
import {
  type ContactFormState,
  EMPTY_CONTACT_FORM,
  formFromContact,
  toContactInput,
} from "@/components/contacts/contact-form-state";
import { ContactMarketingSection } from "@/components/contacts/contact-marketing-section";
import { countryName } from "@/components/contacts/country-name";
import { CustomFieldsEditor } from "@/components/contacts/custom-fields-editor";
import { TagInput } from "@/components/contacts/tag-input";
import { useCreateContact, useUpdateContact } from "@/components/contacts/use-contacts";
import { errorMessage, fieldErrors } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/dialog-form";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import type { ContactJson } from "@/lib/contacts/schemas";

export type ContactFormDialogProps = {
  /** null: closed; "new": create; a contact: edit it */
  target: ContactJson | "new" | null;
  onClose: () => void;
  /** the organization's default country (ISO code): how a number without +country code is read */
  defaultCountry: string;
  /** owners and admins: may clear a marketing opt-out (with a reason) */
  manager?: boolean;
};

/** Create or edit a contact. Mount it with a `key` per target so the form starts fresh. */
export function ContactFormDialog({
  target,
  onClose,
  defaultCountry,
  manager = false,
}: ContactFormDialogProps) {
  const editing = target !== null && target !== "new" ? target : null;
  const [form, setForm] = useState<ContactFormState>(editing ? formFromContact(editing) : EMPTY_CONTACT_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateContact();
  const update = useUpdateContact();
  const toast = useToast();
  const pending = create.isPending || update.isPending;
  // after a first submit, errors follow the fields as they are corrected
  const set = (patch: Partial<ContactFormState>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (!submitted) return;
    const result = toContactInput(next, defaultCountry);
    setErrors(result.ok ? {} : result.errors);
  };

  function onError(error: unknown) {
    const byField = fieldErrors(error);
    setErrors(byField);
    setFailure(Object.keys(byField).length > 0 ? null : errorMessage(error));
  }

  function submit() {
    setSubmitted(true);
    const result = toContactInput(form, defaultCountry);
    setFailure(null);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    if (editing) {
      update.mutate(
        { id: editing.id, body: result.body },
        {
          onSuccess: ({ changes }) => {
            toast.show(
              changes.length > 0 ? `Contact updated (${changes.join(", ")}).` : "Nothing changed.",
              "success",
            );
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(result.body, {
        onSuccess: ({ contact }) => {
          toast.show(`Contact ${contact.name ?? contact.phone} created.`);
          onClose();
        },
        onError,
      });
    }
  }

  return (
    <Dialog
      open={target !== null}
      onClose={() => !pending && onClose()}
      size="lg"
      title={editing ? `Edit ${editing.name ?? editing.phone ?? "contact"}` : "New contact"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="contact-form" loading={pending}>
            {editing ? "Save changes" : "Create contact"}
          </Button>
        </>
      }
    >
      <DialogForm id="contact-form" failure={failure} onSubmit={submit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Phone"
            value={form.phone}
            onChange={(e) => set({ phone: e.target.value })}
            error={errors.phone}
            data-autofocus
            inputMode="tel"
            autoComplete="off"
            placeholder="+14155550123"
            hint={`Any format: without + and a country code, a number is read as ${countryName(defaultCountry)}.`}
          />
          <Input
            label="Name"
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
            error={errors.name}
            maxLength={200}
          />
          <Input
            label="E-mail"
            type="email"
            value={form.email}
            onChange={(e) => set({ email: e.target.value })}
            error={errors.email}
          />
        </div>
        <TagInput label="Tags" value={form.tags} onChange={(tags) => set({ tags })} error={errors.tags} />
        <CustomFieldsEditor rows={form.fields} onChange={(fields) => set({ fields })} errors={errors} />
      </DialogForm>
      {editing ? <ContactMarketingSection contact={editing} manager={manager} /> : null}
    </Dialog>
  );
}
