import Link from "next/link";
import { BroadcastStatusBadge, progressOf, progressTone } from "@/components/broadcasts/broadcast-status";
import { formatDateTime, formatNumber } from "@/components/lib/format";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";

/** The broadcasts, newest first: status, template, progress, results, when. */
export function BroadcastsTable({ broadcasts }: { broadcasts: BroadcastJson[] }) {
  return (
    <Table caption="Broadcasts, newest first">
      <THead>
        <Tr>
          <Th>Name</Th>
          <Th>Status</Th>
          <Th>Template</Th>
          <Th className="w-64">Progress</Th>
          <Th>Results</Th>
          <Th>When</Th>
        </Tr>
      </THead>
      <TBody>
        {broadcasts.map((b) => (
          <Tr key={b.id}>
            <Td label="Name">
              <Link
                href={`/dashboard/broadcasts/${b.id}`}
                className="font-medium text-blue-700 hover:underline"
              >
                {b.name}
              </Link>
            </Td>
            <Td label="Status" className="max-sm:order-first">
              <BroadcastStatusBadge broadcast={b} />
            </Td>
            <Td label="Template">
              {b.template.name} <span className="text-slate-500">({b.template.language})</span>
            </Td>
            <Td label="Progress" className="max-sm:w-full">
              <ProgressBar
                value={progressOf(b)}
                label={`${formatNumber(b.counts.total - b.counts.pending)} of ${formatNumber(b.counts.total)}`}
                tone={progressTone(b)}
              />
            </Td>
            <Td label="Results" className="whitespace-nowrap">
              {formatNumber(b.counts.sent)} sent ·{" "}
              <span className={b.counts.failed > 0 ? "font-semibold text-red-700" : undefined}>
                {formatNumber(b.counts.failed)} failed
              </span>{" "}
              · {formatNumber(b.counts.skipped)} skipped
            </Td>
            <Td label="When" className="whitespace-nowrap text-slate-600">
              {b.status === "scheduled"
                ? `Starts ${formatDateTime(b.scheduledAt)}`
                : formatDateTime(b.createdAt)}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
