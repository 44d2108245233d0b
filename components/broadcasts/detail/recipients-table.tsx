"use client";

import Link from "next/link";
import { type ReactNode, useState } from "react";
import { FILTERS, type RecipientFilter } from "@/components/broadcasts/detail/recipient-filters";
import { skipWords } from "@/components/broadcasts/skip-reasons";
import { useRecipients } from "@/components/broadcasts/use-broadcasts";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime } from "@/components/lib/format";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { FailureWords } from "@/components/ui/failure-words";
import { Pagination } from "@/components/ui/pagination";
import { Segmented } from "@/components/ui/segmented";
import { TableSkeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { RecipientRowJson } from "@/lib/broadcasts/dashboard-json";

const TONE: Record<RecipientRowJson["status"], BadgeTone> = {
  pending: "neutral",
  sent: "info",
  delivered: "info",
  read: "success",
  failed: "danger",
  skipped: "warning",
};

function outcome(r: RecipientRowJson): ReactNode {
  if (r.status === "failed" && r.error)
    return <FailureWords compact code={r.error.code} message={r.error.message} />;
  if (r.status === "skipped") return skipWords(r.skipReason);
  const last = r.readAt ?? r.deliveredAt ?? r.sentAt;
  return last ? formatDateTime(last) : "";
}

/**
 * Every recipient with its status and result, filtered by status, a page at a time. `counts`
 * (the broadcast's, polled by the page) refreshes the table whenever they move.
 */
export function RecipientsTable({
  id,
  counts,
  initialStatus = "",
}: {
  id: string;
  counts: string;
  initialStatus?: RecipientFilter;
}) {
  const [status, setStatus] = useState<RecipientFilter>(initialStatus);
  const [page, setPage] = useState(1);
  const list = useRecipients(id, { status, page, counts });
  return (
    <section aria-labelledby="recipients" className="space-y-3">
      <h2 id="recipients" className="text-base font-semibold text-slate-900">
        Recipients
      </h2>
      <Segmented
        label="Show recipients"
        value={status}
        className="max-w-full flex-wrap"
        onChange={(v) => {
          setStatus(v);
          setPage(1);
        }}
        options={FILTERS}
      />
      {list.isPending ? (
        <TableSkeleton columns={4} label="Loading recipients" />
      ) : list.isError ? (
        <ErrorState
          title="Could not load the recipients"
          message={errorMessage(list.error)}
          onRetry={() => list.refetch()}
        />
      ) : list.data.recipients.length === 0 ? (
        <p className="text-sm text-slate-700">No recipient with this status.</p>
      ) : (
        <>
          <Table caption="Recipients in send order">
            <THead>
              <Tr>
                <Th>Recipient</Th>
                <Th>Status</Th>
                <Th>Result</Th>
                <Th>Replied</Th>
              </Tr>
            </THead>
            <TBody>
              {list.data.recipients.map((r) => (
                <Tr key={`${r.to}-${r.messageId ?? r.contactId ?? ""}-${r.status}`}>
                  <Td label="Recipient">
                    {r.conversationId ? (
                      // the customer's thread, where this message and their answers are
                      <Link
                        href={`/dashboard/conversations/${r.conversationId}`}
                        className="font-medium text-blue-700 hover:underline"
                        title="Open the conversation"
                      >
                        {r.contactName ?? r.to ?? "—"}
                      </Link>
                    ) : (
                      <span className="font-medium">{r.contactName ?? r.to ?? "—"}</span>
                    )}
                    {r.contactName && r.to ? <span className="block text-slate-600">{r.to}</span> : null}
                  </Td>
                  <Td label="Status" className="max-sm:order-first">
                    <Badge tone={TONE[r.status]}>{r.status}</Badge>
                  </Td>
                  <Td label="Result" className="max-w-md">
                    {outcome(r)}
                  </Td>
                  <Td label="Replied" className="whitespace-nowrap">
                    {r.repliedAt ? formatDateTime(r.repliedAt) : "—"}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <Pagination
            page={page}
            perPage={list.data.per_page}
            total={list.data.total}
            onPageChange={setPage}
            noun="recipients"
            busy={list.isFetching}
          />
        </>
      )}
    </section>
  );
}
