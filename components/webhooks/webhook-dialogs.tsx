"use client";

import { errorMessage } from "@/components/lib/fetch-json";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useDeleteWebhook, useUpdateWebhook } from "@/components/webhooks/use-webhooks";
import type { WebhookRowJson } from "@/lib/webhooks/delivery-schemas";

type Props = { webhook: WebhookRowJson | null; onClose: () => void };

/** Disabling stops deliveries and fails the pending ones, so it asks first. */
export function DisableWebhookDialog({ webhook, onClose }: Props) {
  const update = useUpdateWebhook();
  const toast = useToast();
  return (
    <ConfirmDialog
      open={webhook !== null}
      title="Disable this webhook?"
      confirmLabel="Disable webhook"
      pending={update.isPending}
      error={update.isError ? errorMessage(update.error) : null}
      onCancel={() => {
        update.reset();
        onClose();
      }}
      onConfirm={() =>
        webhook &&
        update.mutate(
          { id: webhook.id, body: { status: "disabled" } },
          {
            onSuccess: () => {
              toast.show(`${webhook.name} disabled.`);
              update.reset();
              onClose();
            },
          },
        )
      }
    >
      <p>
        <strong>{webhook?.name}</strong> stops receiving events. Deliveries still pending fail now; you can
        redeliver them after enabling it again.
      </p>
    </ConfirmDialog>
  );
}

export function DeleteWebhookDialog({ webhook, onClose }: Props) {
  const remove = useDeleteWebhook();
  const toast = useToast();
  return (
    <ConfirmDialog
      open={webhook !== null}
      title="Delete this webhook?"
      confirmLabel="Delete webhook"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() =>
        webhook &&
        remove.mutate(webhook.id, {
          onSuccess: () => {
            toast.show(`${webhook.name} deleted.`);
            remove.reset();
            onClose();
          },
        })
      }
    >
      <p>
        <strong>{webhook?.name}</strong> (<code className="break-all">{webhook?.url}</code>) and the record of
        its deliveries will be deleted. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
