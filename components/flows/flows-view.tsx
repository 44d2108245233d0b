"use client";

import { useState } from "react";
import { PageHeader } from "@/components/dashboard/page-header";
import { FlowHealthNotices } from "@/components/flows/flow-health-notices";
import { FlowSyncNotices } from "@/components/flows/flow-sync-notices";
import { FlowsTable } from "@/components/flows/flows-table";
import { useFlowPreview, useFlows, usePublishFlow } from "@/components/flows/use-flows";
import { errorMessage } from "@/components/lib/fetch-json";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useUrlParams } from "@/components/ui/use-url-params";
import type { FlowJson } from "@/lib/flows/schemas";

const PER_PAGE = 25;

/** WhatsApp Flows of the organization: status, categories, last change, preview, publish (managers). */
export function FlowsView({ canPublish }: { canPublish: boolean }) {
  const { params, push } = useUrlParams();
  const channelId = params.get("channel") ?? "";
  const page = Math.max(1, Math.trunc(Number(params.get("page"))) || 1);
  const flows = useFlows({ channelId, page, perPage: PER_PAGE });
  const [publishing, setPublishing] = useState<FlowJson | null>(null);
  const publish = usePublishFlow();
  const preview = useFlowPreview();
  const toast = useToast();
  const channels = flows.data?.channels ?? [];

  const openPreview = (flow: FlowJson) =>
    preview.mutate(flow.id, {
      onSuccess: (p) => {
        // a new tab for Meta's preview; a blocked pop-up still gets the link in the notice
        const opened = window.open(p.url, "_blank", "noopener,noreferrer");
        if (!opened) toast.show(`Preview of ${flow.name}: ${p.url}`, "info");
      },
      onError: (e) => toast.show(`No preview: ${errorMessage(e)}`, "error"),
    });

  return (
    <>
      <PageHeader
        title="Flows"
        description="WhatsApp Flows are forms of screens that open inside WhatsApp. Create and change them through the API; publish a draft here once its Flow JSON has no errors."
      />
      {channels.length > 1 ? (
        <div className="mb-4 w-64">
          <Select
            label="Channel"
            options={[
              { value: "", label: "All channels" },
              ...channels.map((c) => ({ value: c.id, label: c.name })),
            ]}
            value={channelId}
            onChange={(e) => push({ channel: e.target.value, page: null })}
          />
        </div>
      ) : null}
      <FlowSyncNotices channels={channels.filter((c) => channelId === "" || c.id === channelId)} />
      {flows.isPending ? (
        <TableSkeleton columns={5} label="Loading Flows" />
      ) : flows.isError ? (
        <ErrorState
          title="Could not load the Flows"
          message={errorMessage(flows.error)}
          onRetry={() => flows.refetch()}
        />
      ) : flows.data.total === 0 ? (
        <EmptyState title="No Flows yet">
          Create one with POST /v1/whatsapp/flows, or in Meta's WhatsApp Manager: it appears here after the
          next sync.
        </EmptyState>
      ) : (
        <div aria-busy={flows.isFetching} className={flows.isPlaceholderData ? "opacity-60" : undefined}>
          <FlowHealthNotices flows={flows.data.flows} />
          <FlowsTable
            flows={flows.data.flows}
            canPublish={canPublish}
            onPreview={openPreview}
            onPublish={setPublishing}
          />
          <Pagination
            page={flows.data.page}
            perPage={PER_PAGE}
            total={flows.data.total}
            noun="Flows"
            busy={flows.isFetching}
            onPageChange={(next) => push({ page: next > 1 ? String(next) : null })}
          />
        </div>
      )}
      <ConfirmDialog
        open={publishing !== null}
        title="Publish this Flow?"
        confirmLabel="Publish"
        tone="primary"
        pending={publish.isPending}
        error={publish.isError ? errorMessage(publish.error) : null}
        onCancel={() => {
          publish.reset();
          setPublishing(null);
        }}
        onConfirm={() => {
          if (!publishing) return;
          publish.mutate(publishing.id, {
            onSuccess: () => {
              toast.show(`${publishing.name} published.`);
              publish.reset();
              setPublishing(null);
            },
          });
        }}
      >
        <p>
          <strong>{publishing?.name}</strong> can then be sent to customers. Publishing cannot be undone: a
          published Flow can no longer be changed, only deprecated.
        </p>
      </ConfirmDialog>
    </>
  );
}
