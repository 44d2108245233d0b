"use client";

import { useState } from "react";
import { errorMessage, fieldErrors } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/dialog-form";
import { Input } from "@/components/ui/input";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import { useToast } from "@/components/ui/toast";
import { EventPicker } from "@/components/webhooks/event-picker";
import { NewSecretChoice, SecretField } from "@/components/webhooks/secret-field";
import { useCreateWebhook, useUpdateWebhook } from "@/components/webhooks/use-webhooks";
import {
  EMPTY_WEBHOOK_FORM,
  formFromWebhook,
  toCreateWebhookBody,
  toUpdateWebhookBody,
  type WebhookFormState,
} from "@/components/webhooks/webhook-form-state";
import type { WebhookJson } from "@/lib/webhooks/webhook-json";

/**
 * Create or edit a webhook. Mount with a `key` per target so the form starts fresh. A new
 * webhook whose secret we generated shows it once, then never again (as API keys are).
 */
export function WebhookFormDialog({
  target,
  onClose,
  allowLoopback = false,
}: {
  target: WebhookJson | "new";
  onClose: () => void;
  /** the installation accepts loopback URLs (ALLOW_LOOPBACK_URLS): a local receiver works */
  allowLoopback?: boolean;
}) {
  const editing = target === "new" ? null : target;
  const [form, setForm] = useState<WebhookFormState>(editing ? formFromWebhook(editing) : EMPTY_WEBHOOK_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [shownOnce, setShownOnce] = useState<{ name: string; secret: string } | null>(null);
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
    const generated = form.secretMode === "generate" ? result.body.secret : undefined;
    create.mutate(result.body, {
      onSuccess: ({ webhook }) => {
        toast.show(`Webhook ${webhook.name} created.`);
        if (generated) setShownOnce({ name: webhook.name, secret: generated });
        else onClose();
      },
      onError,
    });
  }

  if (shownOnce) {
    return (
      <Dialog
        open
        onClose={onClose}
        step="created"
        title="Copy the signing secret"
        description="It is shown only this once."
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <p className="text-sm text-slate-700">
          Put it in <strong>{shownOnce.name}</strong>'s receiver to verify each delivery's
          X-Service-Signature. If it is lost, rotate the secret.
        </p>
        <ShownOnceSecret
          value={shownOnce.secret}
          copyLabel="Copy secret"
          testId="new-webhook-secret"
          className="mt-4"
        />
      </Dialog>
    );
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
          hint={
            allowLoopback
              ? "A public HTTPS endpoint; this installation also accepts local receivers (ALLOW_LOOPBACK_URLS is set), such as http://127.0.0.1:4000/webhooks. Events are POSTed to it as JSON."
              : "A public HTTPS endpoint. Events are POSTed to it as JSON, signed with its secret."
          }
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
        {editing ? (
          <SecretField
            value={form.secret}
            onChange={(secret) => set({ secret })}
            error={errors.secret}
            editing
            hasSecret={editing.has_secret}
          />
        ) : (
          <NewSecretChoice
            mode={form.secretMode}
            onMode={(secretMode) => set({ secretMode })}
            value={form.secret}
            onChange={(secret) => set({ secret })}
            error={errors.secret}
          />
        )}
      </DialogForm>
    </Dialog>
  );
}
