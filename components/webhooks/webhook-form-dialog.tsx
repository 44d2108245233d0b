"use client";

import { useState } from "react";
import { errorMessage, fieldErrors } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/dialog-form";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { EventPicker } from "@/components/webhooks/event-picker";
import { SecretField } from "@/components/webhooks/secret-field";
import { useCreateWebhook, useUpdateWebhook } from "@/components/webhooks/use-webhooks";
import {
  EMPTY_WEBHOOK_FORM,
  formFromWebhook,
  toCreateWebhookBody,
  toUpdateWebhookBody,
  type WebhookFormState,
} from "@/components/webhooks/webhook-form-state";
import type { WebhookJson } from "@/lib/webhooks/webhook-json";

/** Create or edit a webhook. Mount with a `key` per target so the form starts fresh. */
export function WebhookFormDialog({ target, onClose }: { target: WebhookJson | "new"; onClose: () => void }) {
  const editing = target === "new" ? null : target;
  const [form, setForm] = useState<WebhookFormState>(editing ? formFromWebhook(editing) : EMPTY_WEBHOOK_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const toast = useToast();
  const pending = create.isPending || update.isPending;
  const set = (patch: Partial<WebhookFormState>) => setForm({ ...form, ...patch });

  const onError = (error: unknown) => {
    const byField = fieldErrors(error);
    setErrors(byField);
    setFailure(Object.keys(byField).length > 0 ? null : errorMessage(error));
  };

  function submit() {
    setFailure(null);
    if (editing) {
      const result = toUpdateWebhookBody(form);
      if (!result.ok) return setErrors(result.errors);
      setErrors({});
      const replaced = form.secret !== "";
      update.mutate(
        { id: editing.id, body: result.body },
        {
          onSuccess: ({ webhook }) => {
            toast.show(`Webhook ${webhook.name} saved${replaced ? " with its new secret" : ""}.`);
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const result = toCreateWebhookBody(form);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    create.mutate(result.body, {
      onSuccess: ({ webhook }) => {
        toast.show(`Webhook ${webhook.name} created.`);
        onClose();
      },
      onError,
    });
  }

  return (
    <Dialog
      open
      onClose={() => !pending && onClose()}
      size="lg"
      title={editing ? `Edit ${editing.name}` : "New webhook"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form="webhook-form" loading={pending}>
            {editing ? "Save changes" : "Create webhook"}
          </Button>
        </>
      }
    >
      <DialogForm id="webhook-form" failure={failure} onSubmit={submit}>
        <Input
          label="Endpoint URL"
          type="url"
          value={form.url}
          onChange={(e) => set({ url: e.target.value })}
          error={errors.url}
          placeholder="https://example.com/webhooks"
          hint="A public HTTPS endpoint. Events are POSTed to it as signed JSON."
          data-autofocus
        />
        <Input
          label="Name"
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          hint="Optional; defaults to the URL's host."
          maxLength={100}
        />
        <EventPicker value={form.events} onChange={(events) => set({ events })} error={errors.events} />
        <Input
          label="Delivery rate limit (per second)"
          inputMode="numeric"
          value={form.rateLimit}
          onChange={(e) => set({ rateLimit: e.target.value })}
          error={errors.rateLimit ?? errors.rate_limit}
          hint="Optional. At most this many deliveries a second reach your endpoint, so a backlog after an outage never floods it. Empty: no limit."
          placeholder="No limit"
          maxLength={4}
        />
        <SecretField
          value={form.secret}
          onChange={(secret) => set({ secret })}
          error={errors.secret}
          editing={editing !== null}
          hasSecret={editing?.has_secret ?? false}
        />
      </DialogForm>
    </Dialog>
  );
}
