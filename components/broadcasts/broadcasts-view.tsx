"use client";

import Link from "next/link";
import { BroadcastsTable } from "@/components/broadcasts/broadcasts-table";
import { StopWordsSetting } from "@/components/broadcasts/stop-words-setting";
import { useBroadcastList } from "@/components/broadcasts/use-broadcasts";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { buttonClass } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlParams } from "@/components/ui/use-url-params";

/** Broadcasts: the list with live progress; owners and admins start new ones and set the opt-out words. */
export function BroadcastsView({ canManage }: { canManage: boolean }) {
  const { params, push } = useUrlParams();
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const list = useBroadcastList(page);
  const newLink = canManage ? (
    <Link href="/dashboard/broadcasts/new" className={buttonClass("primary", "md")}>
      New broadcast
    </Link>
  ) : null;

  return (
    <>
      <PageHeader
        title="Broadcasts"
        description="An approved template sent to many customers at the channel's pace, with each recipient's result."
        actions={newLink}
      />
      {list.isPending ? (
        <TableSkeleton columns={6} label="Loading broadcasts" />
      ) : list.isError ? (
        <ErrorState
          title="Could not load the broadcasts"
          message={errorMessage(list.error)}
          onRetry={() => list.refetch()}
        />
      ) : list.data.broadcasts.length === 0 ? (
        <EmptyState title="No broadcasts yet" action={newLink}>
          Send an order-ready notice, a renewal reminder or a sale to a segment of your contacts.
        </EmptyState>
      ) : (
        <>
          <BroadcastsTable broadcasts={list.data.broadcasts} />
          <Pagination
            page={page}
            perPage={list.data.per_page}
            total={list.data.total}
            onPageChange={(p) => push({ page: p === 1 ? null : String(p) })}
            noun="broadcasts"
            busy={list.isFetching}
          />
        </>
      )}
      <StopWordsSetting canChange={canManage} />
    </>
  );
}
