"use client";

import { useState } from "react";
import { PageHeader } from "@/components/dashboard/page-header";
import { useRetryNow } from "@/components/deliveries/use-deliveries";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { RotateSecretDialog } from "@/components/webhooks/rotate-secret-dialog";
import { TestResult } from "@/components/webhooks/test-result";
import { useSendTestEvent, useUpdateWebhook, useWebhookList } from "@/components/webhooks/use-webhooks";
import { DeleteWebhookDialog, DisableWebhookDialog } from "@/components/webhooks/webhook-dialogs";
import { WebhookFormDialog } from "@/components/webhooks/webhook-form-dialog";
import { type WebhookAction, WebhooksTable } from "@/components/webhooks/webhooks-table";
import type { WebhookRowJson } from "@/lib/webhooks/delivery-schemas";

/** Webhooks: list with health, create, edit (write-only secret), rotate the secret, enable/disable, delete, test. */
export function WebhooksView({ allowLoopback = false }: { allowLoopback?: boolean }) {
  const list = useWebhookList();
  const update = useUpdateWebhook();
  const test = useSendTestEvent();
  const retry = useRetryNow();
  const toast = useToast();
  const [editing, setEditing] = useState<WebhookRowJson | "new" | null>(null);
  const [disabling, setDisabling] = useState<WebhookRowJson | null>(null);
  const [deleting, setDeleting] = useState<WebhookRowJson | null>(null);
  const [rotating, setRotating] = useState<WebhookRowJson | null>(null);
  const [lastTest, setLastTest] = useState<{ deliveryId: string; name: string } | null>(null);
  const full = list.data !== undefined && list.data.webhooks.length >= list.data.limit;
  const newButton = (
    <Button onClick={() => setEditing("new")} disabled={full}>
      New webhook
    </Button>
  );

  function onAction(action: WebhookAction, w: WebhookRowJson) {
    if (action === "edit") setEditing(w);
    if (action === "delete") setDeleting(w);
    if (action === "rotate") setRotating(w);
    if (action === "toggle" && w.status === "active") setDisabling(w);
    if (action === "toggle" && w.status === "disabled") {
      update.mutate(
        { id: w.id, body: { status: "active" } },
        {
          onSuccess: () => toast.show(`${w.name} enabled.`),
          onError: (error) => toast.show(errorMessage(error), "error"),
        },
      );
    }
    if (action === "retry") {
      retry.mutate(
        { webhook_id: w.id },
        {
          onSuccess: ({ count }) =>
            toast.show(
              count === 0
                ? `No delivery of ${w.name} was waiting: they are being attempted already.`
                : `${count} waiting ${count === 1 ? "delivery" : "deliveries"} of ${w.name} being attempted now.`,
            ),
          onError: (error) => toast.show(errorMessage(error), "error"),
        },
      );
    }
    if (action === "test") {
      test.mutate(w.id, {
        onSuccess: ({ deliveryId }) => setLastTest({ deliveryId, name: w.name }),
        onError: (error) => toast.show(errorMessage(error), "error"),
      });
    }
  }

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints that receive your organization's events, signed with their secret and retried for about a day."
        actions={newButton}
      />
      {full ? (
        <p className="mb-4 text-sm text-slate-600">
          Your organization has the most webhooks it may have ({list.data?.limit}); delete one to add another.
        </p>
      ) : null}
      {lastTest ? (
        <TestResult
          key={lastTest.deliveryId}
          deliveryId={lastTest.deliveryId}
          webhookName={lastTest.name}
          onDismiss={() => setLastTest(null)}
        />
      ) : null}
      {list.isPending ? (
        <TableSkeleton columns={5} label="Loading webhooks" />
      ) : list.isError ? (
        <ErrorState
          title="Could not load the webhooks"
          message={errorMessage(list.error)}
          onRetry={() => list.refetch()}
        />
      ) : list.data.webhooks.length === 0 ? (
        <EmptyState title="No webhooks yet" action={newButton}>
          Add an endpoint to hear about inbound messages, delivery statuses, contacts and conversations as
          they happen.
        </EmptyState>
      ) : (
        <WebhooksTable
          webhooks={list.data.webhooks}
          onAction={onAction}
          busy={
            test.isPending && test.variables
              ? `test:${test.variables}`
              : retry.isPending && retry.variables
                ? `retry:${retry.variables.webhook_id}`
                : null
          }
        />
      )}
      {editing !== null ? (
        <WebhookFormDialog
          key={editing === "new" ? "new" : editing.id}
          target={editing}
          onClose={() => setEditing(null)}
          allowLoopback={allowLoopback}
        />
      ) : null}
      <DisableWebhookDialog webhook={disabling} onClose={() => setDisabling(null)} />
      <DeleteWebhookDialog webhook={deleting} onClose={() => setDeleting(null)} />
      <RotateSecretDialog webhook={rotating} onClose={() => setRotating(null)} />
    </>
  );
}
