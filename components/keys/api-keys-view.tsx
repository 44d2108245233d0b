"use client";

import { useState } from "react";
import { PageHeader } from "@/components/dashboard/page-header";
import { CreateKeyDialog } from "@/components/keys/create-key-dialog";
import { KeysTable } from "@/components/keys/keys-table";
import { useApiKeys, useRevokeApiKey } from "@/components/keys/use-api-keys";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { ApiKeyJson } from "@/lib/keys/schemas";

/** The API keys page: list, create (shown once), revoke with confirmation. */
export function ApiKeysView() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyJson | null>(null);

  const createButton = <Button onClick={() => setCreating(true)}>Create key</Button>;

  function confirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        toast.show(`Key “${revoking.name}” revoked.`);
        setRevoking(null);
      },
    });
  }

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys authenticate calls to the /v1 API. Secret keys (service_sk_) belong on servers; publishable keys (service_pk_) can only read."
        actions={createButton}
      />
      {keys.isPending ? (
        <TableSkeleton columns={6} label="Loading API keys" />
      ) : keys.isError ? (
        <ErrorState
          title="Could not load the API keys"
          message={errorMessage(keys.error)}
          onRetry={() => keys.refetch()}
        />
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys yet" action={createButton}>
          Create a key to call the API from your systems. You will see it once, so have a safe place ready.
        </EmptyState>
      ) : (
        <KeysTable
          keys={keys.data}
          onRevoke={(key) => {
            revoke.reset();
            setRevoking(key);
          }}
        />
      )}
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onCancel={() => setRevoking(null)}
        onConfirm={confirmRevoke}
      >
        <p>
          Requests with <strong>{revoking?.name}</strong> (<code>{revoking?.display}</code>) will be refused
          within a second. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
