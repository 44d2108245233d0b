"use client";

import Link from "next/link";
import { formatDateTime, formatRelative } from "@/components/lib/format";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { FlowJson } from "@/lib/flows/schemas";

export const FLOW_STATUS_TONE: Record<FlowJson["status"], BadgeTone> = {
  DRAFT: "neutral",
  PUBLISHED: "success",
  DEPRECATED: "neutral",
  THROTTLED: "warning",
  BLOCKED: "danger",
};

/** THROTTLED → "Throttled" */
export const words = (s: string) => s.charAt(0) + s.slice(1).toLowerCase().replaceAll("_", " ");

/** Flows with status, categories, last change, responses, preview and (for managers) Publish on a draft. */
export function FlowsTable({
  flows,
  canPublish,
  onPreview,
  onPublish,
}: {
  flows: FlowJson[];
  canPublish: boolean;
  onPreview: (flow: FlowJson) => void;
  onPublish: (flow: FlowJson) => void;
}) {
  return (
    <Table caption="WhatsApp Flows">
      <THead>
        <tr>
          <Th>Name</Th>
          <Th>Status</Th>
          <Th>Categories</Th>
          <Th>Last change</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {flows.map((f) => (
          <Tr key={f.id}>
            <Td className="font-mono text-sm font-medium break-all">
              {f.name}
              {f.validation_errors.length > 0 ? (
                <span className="block font-sans text-xs text-red-700">
                  {f.validation_errors.length === 1 ? "1 error" : `${f.validation_errors.length} errors`} in
                  the Flow JSON
                </span>
              ) : null}
            </Td>
            <Td label="Status">
              <Badge tone={FLOW_STATUS_TONE[f.status]}>{words(f.status)}</Badge>
            </Td>
            <Td label="Categories">{f.categories.map(words).join(", ")}</Td>
            <Td label="Last change" className="whitespace-nowrap" title={formatDateTime(f.updated_at)}>
              {formatRelative(f.updated_at)}
            </Td>
            <Td className="text-right max-sm:text-left">
              <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                <Link href={`/dashboard/flows/${f.id}`} className={buttonClass("secondary", "sm")}>
                  Responses<span className="sr-only"> of {f.name}</span>
                </Link>
                <Button variant="secondary" size="sm" onClick={() => onPreview(f)}>
                  Preview<span className="sr-only"> {f.name}</span>
                </Button>
                {canPublish && f.status === "DRAFT" ? (
                  <Button size="sm" onClick={() => onPublish(f)}>
                    Publish<span className="sr-only"> {f.name}</span>
                  </Button>
                ) : null}
              </div>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
