"use client";

import { useState } from "react";
import { CreateKeyForm } from "@/components/keys/create-key-form";
import { INITIAL_KEY_FORM, type KeyFormState, toCreateKeyBody } from "@/components/keys/key-form-state";
import { useCreateApiKey } from "@/components/keys/use-api-keys";
import { errorMessage, fieldErrors } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import type { CreatedKeyJson } from "@/lib/keys/schemas";

/**
 * Two steps: the form, then the new key shown once with a copy button. Closing the dialog
 * forgets the key: it is stored only as a hash and can never be shown again.
 */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<KeyFormState>(INITIAL_KEY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedKeyJson | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateApiKey();

  function close() {
    setForm(INITIAL_KEY_FORM);
    setErrors({});
    setCreated(null);
    setSubmitted(false);
    create.reset();
    onClose();
  }

  // after a first submit, errors follow the fields as they are corrected
  function change(next: KeyFormState) {
    setForm(next);
    if (!submitted) return;
    const result = toCreateKeyBody(next);
    setErrors(result.ok ? {} : result.errors);
  }

  function submit() {
    setSubmitted(true);
    const result = toCreateKeyBody(form);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    create.mutate(result.body, {
      onSuccess: (data) => setCreated(data),
      onError: (error) => setErrors(fieldErrors(error)),
    });
  }

  if (created) {
    return (
      <Dialog
        open={open}
        onClose={close}
        step="created"
        title="Copy your new key"
        description="It is shown only this once."
        footer={<Button onClick={close}>Done</Button>}
      >
        <p className="text-sm text-slate-700">
          Store <strong>{created.api_key.name}</strong> in your secret manager now. If you lose it, revoke it
          and create another.
        </p>
        <ShownOnceSecret value={created.key} copyLabel="Copy key" testId="new-api-key" className="mt-4" />
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create an API key"
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="create-key-form" loading={create.isPending}>
            Create key
          </Button>
        </>
      }
    >
      <form
        id="create-key-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {create.isError && Object.keys(fieldErrors(create.error)).length === 0 ? (
          <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <CreateKeyForm state={form} onChange={change} errors={errors} />
      </form>
    </Dialog>
  );
}
