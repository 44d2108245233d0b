"use client";

import Link from "next/link";
import { formatDateTime, formatNumber } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { EVENT_NAMES } from "@/lib/events/names";
import type { WebhookRowJson } from "@/lib/webhooks/delivery-schemas";

export type WebhookAction = "test" | "edit" | "rotate" | "toggle" | "delete";

function rate(w: WebhookRowJson): { text: string; tone: "success" | "warning" | "danger" | "neutral" } {
  if (w.success_rate === null) return { text: "No deliveries", tone: "neutral" };
  const pct = Math.round(w.success_rate * 1000) / 10;
  return { text: `${pct}%`, tone: pct >= 99 ? "success" : pct >= 90 ? "warning" : "danger" };
}

function deliveriesHref(id: string): string {
  return `/dashboard/deliveries?${new URLSearchParams({ webhook_id: id, status: "any" })}`;
}

/** The organization's webhooks: where, what, whether signed, how the last 24 hours went. */
export function WebhooksTable({
  webhooks,
  onAction,
  busy,
}: {
  webhooks: WebhookRowJson[];
  onAction: (action: WebhookAction, webhook: WebhookRowJson) => void;
  /** "test:<id>" while that webhook's test event is being sent */
  busy: string | null;
}) {
  return (
    <Table caption="Webhooks">
      <THead>
        <tr>
          <Th>Webhook</Th>
          <Th>Events</Th>
          <Th>Status</Th>
          <Th>Success (24 h)</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {webhooks.map((w) => {
          const r = rate(w);
          const finished = w.health.succeeded + w.health.failed;
          return (
            <Tr key={w.id}>
              <Td className="max-w-80">
                <Link href={deliveriesHref(w.id)} className="font-medium text-blue-700 hover:underline">
                  {w.name}
                </Link>
                <span className="block truncate font-mono text-xs text-slate-500">{w.url}</span>
                {w.has_secret ? null : (
                  <Badge tone="warning" className="mt-1">
                    No secret: deliveries unsigned
                  </Badge>
                )}
                {w.previous_secret_valid_until ? (
                  <span className="block text-xs text-slate-500">
                    Previous secret also signs until {formatDateTime(w.previous_secret_valid_until)}
                  </span>
                ) : null}
              </Td>
              <Td label="Events">
                <span title={w.events.join(", ")}>
                  {w.events.length === EVENT_NAMES.length
                    ? "All events"
                    : `${w.events.length} event${w.events.length === 1 ? "" : "s"}`}
                </span>
                <span className="block max-w-56 truncate font-mono text-xs text-slate-500">
                  {w.events.join(", ")}
                </span>
              </Td>
              <Td label="Status">
                <Badge tone={w.status === "active" ? "success" : w.auto_disabled ? "danger" : "neutral"}>
                  {w.status === "active" ? "Active" : w.auto_disabled ? "Disabled automatically" : "Disabled"}
                </Badge>
                {w.disabled_reason ? (
                  <span className="block max-w-56 text-xs text-slate-500">{w.disabled_reason}</span>
                ) : null}
                {w.rate_limit !== null ? (
                  <span className="block text-xs text-slate-500">
                    At most {formatNumber(w.rate_limit)} a second
                  </span>
                ) : null}
              </Td>
              <Td label="Success (24 h)" className="whitespace-nowrap">
                <Badge tone={r.tone}>{r.text}</Badge>
                <span className="block text-xs text-slate-500">
                  {finished > 0
                    ? `${formatNumber(w.health.succeeded)} of ${formatNumber(finished)} delivered`
                    : "—"}
                  {w.health.retrying > 0 ? ` · ${formatNumber(w.health.retrying)} retrying` : ""}
                </span>
              </Td>
              <Td className="text-right whitespace-nowrap">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onAction("test", w)}
                  loading={busy === `test:${w.id}`}
                  disabled={w.status !== "active"}
                >
                  Send test event<span className="sr-only"> to {w.name}</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => onAction("edit", w)}>
                  Edit<span className="sr-only"> {w.name}</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => onAction("rotate", w)}>
                  Rotate secret<span className="sr-only"> of {w.name}</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => onAction("toggle", w)}>
                  {w.status === "active" ? "Disable" : "Enable"}
                  <span className="sr-only"> {w.name}</span>
                </Button>
                <Button variant="ghostDanger" size="sm" onClick={() => onAction("delete", w)}>
                  Delete<span className="sr-only"> {w.name}</span>
                </Button>
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
