"use client";

import { useState } from "react";
import { type BroadcastAction, useBroadcastAction } from "@/components/broadcasts/use-broadcasts";
import { ExportButton } from "@/components/contacts/export-button";
import { dashboardUrl } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatNumber } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { BROADCAST_DASHBOARD } from "@/lib/broadcasts/dashboard-endpoints";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";

/** Pause, resume, cancel, retry failed and CSV export: owners and admins only. */
export function BroadcastActions({ broadcast, category }: { broadcast: BroadcastJson; category: string }) {
  const action = useBroadcastAction(broadcast.id);
  const toast = useToast();
  const [cancelling, setCancelling] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const s = broadcast.status;
  const run = (a: BroadcastAction) =>
    action.mutate(a, {
      onSuccess: (data) => {
        setCancelling(false);
        setRetrying(false);
        if (a === "retry")
          toast.show(
            `${formatNumber("count" in data ? data.count : 0)} failed recipients will be sent again.`,
          );
      },
      onError: (error) => toast.show(errorMessage(error), "error"),
    });
  const busy = (a: BroadcastAction) => action.isPending && action.variables === a;
  return (
    <>
      {s === "running" || s === "scheduled" ? (
        <Button variant="secondary" onClick={() => run("pause")} loading={busy("pause")}>
          Pause
        </Button>
      ) : null}
      {s === "paused" ? (
        <Button onClick={() => run("resume")} loading={busy("resume")}>
          Resume
        </Button>
      ) : null}
      {broadcast.counts.failed > 0 && s !== "cancelled" ? (
        <Button variant="secondary" onClick={() => setRetrying(true)}>
          Retry failed
        </Button>
      ) : null}
      <ExportButton
        url={dashboardUrl(BROADCAST_DASHBOARD.exportRecipients, { params: { id: broadcast.id } })}
        countHeader="X-Recipient-Count"
        noun="recipients"
      />
      {s === "running" || s === "scheduled" || s === "paused" ? (
        <Button variant="danger" onClick={() => setCancelling(true)}>
          Cancel broadcast
        </Button>
      ) : null}
      <ConfirmDialog
        open={cancelling}
        onCancel={() => setCancelling(false)}
        onConfirm={() => run("cancel")}
        title="Cancel this broadcast?"
        confirmLabel="Cancel broadcast"
        cancelLabel="Keep sending"
        pending={busy("cancel")}
      >
        <p>
          The {formatNumber(broadcast.counts.pending)} recipients still waiting will not receive it (they are
          kept as skipped). Messages already sent are not recalled. This cannot be undone.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={retrying}
        onCancel={() => setRetrying(false)}
        onConfirm={() => run("retry")}
        title={`Send again to up to ${customers(broadcast.counts.failed)}?`}
        confirmLabel="Retry failed"
        cancelLabel="Not now"
        tone="primary"
        pending={busy("retry")}
      >
        <p>
          Of the {customers(broadcast.counts.failed)} it failed for, those whose error may clear get the{" "}
          {category.toLowerCase()} template again (
          {category === "MARKETING" ? "billed as marketing" : `a ${category.toLowerCase()} message`} each;
          those who opted out since are skipped). Customers whose number cannot receive it are not retried.
        </p>
        {broadcast.pause?.by === "failures" ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            Most of its messages failed with: {broadcast.pause.error.message} Retrying before fixing that
            fails them again.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

const customers = (n: number) => `${formatNumber(n)} customer${n === 1 ? "" : "s"}`;
