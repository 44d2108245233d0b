"use client";

import { useState } from "react";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { PreviewDialog } from "@/components/templates/preview-dialog";
import { TemplatesTable } from "@/components/templates/templates-table";
import { useTemplates } from "@/components/templates/use-templates";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlParams } from "@/components/ui/use-url-params";
import { useUrlSearch } from "@/components/ui/use-url-search";
import type { TemplateRowJson } from "@/lib/templates/template-list-schemas";

const PER_PAGE = 25;

/** Templates synced from the upstream, by channel, with every language and its status; channel, search and page in the URL. */
export function TemplatesView() {
  const { params, push } = useUrlParams();
  const channelId = params.get("channel") ?? "";
  const [searchText, setSearchText, search] = useUrlSearch("q");
  const page = Math.max(1, Math.trunc(Number(params.get("page"))) || 1);
  const [previewing, setPreviewing] = useState<TemplateRowJson | null>(null);
  const templates = useTemplates({ channelId, search, page, perPage: PER_PAGE });
  const channels = templates.data?.channels ?? [];
  const channelOptions = [
    { value: "", label: "All channels" },
    ...channels.map((c) => ({
      value: c.id,
      label: `${c.name}${c.status === "inactive" ? " (inactive)" : ""}`,
    })),
  ];

  return (
    <>
      <PageHeader
        title="Templates"
        description="Message templates approved by WhatsApp can be sent outside the 24-hour window. Send with the name and an approved language code."
      />
      <div className="mb-4 flex flex-wrap gap-4">
        <div className="w-64">
          <Select
            label="Channel"
            options={channelOptions}
            value={channelId}
            onChange={(e) => push({ channel: e.target.value, page: null })}
          />
        </div>
        <div className="w-72">
          <Input
            label="Search by name"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </div>
      </div>
      {templates.isPending ? (
        <TableSkeleton columns={5} label="Loading templates" />
      ) : templates.isError ? (
        <ErrorState
          title="Could not load the templates"
          message={errorMessage(templates.error)}
          onRetry={() => templates.refetch()}
        />
      ) : templates.data.total === 0 ? (
        channels.length === 0 ? (
          <EmptyState title="No channels yet">
            Templates are synced from a channel's WhatsApp Business Account. An owner or admin adds channels.
          </EmptyState>
        ) : search ? (
          <EmptyState title={`No templates match “${search}”`}>Try another part of the name.</EmptyState>
        ) : (
          <EmptyState title="No templates yet">
            Create templates in Meta's WhatsApp Manager; they appear here after the next sync.
          </EmptyState>
        )
      ) : (
        <div
          aria-busy={templates.isFetching}
          className={templates.isPlaceholderData ? "opacity-60" : undefined}
        >
          <TemplatesTable
            templates={templates.data.templates}
            showChannel={!channelId}
            onPreview={setPreviewing}
          />
          <Pagination
            page={templates.data.page}
            perPage={PER_PAGE}
            total={templates.data.total}
            noun="templates"
            busy={templates.isFetching}
            onPageChange={(next) => push({ page: next > 1 ? String(next) : null })}
          />
        </div>
      )}
      <PreviewDialog
        key={previewing?.id ?? "none"}
        template={previewing}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}
