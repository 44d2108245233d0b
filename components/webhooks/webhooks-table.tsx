"use client";

import Link from "next/link";
import { formatDateTime, formatNumber, formatRelative } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Menu } from "@/components/ui/menu";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { UrlText } from "@/components/ui/url-text";
import { ALL_EVENTS } from "@/lib/events/names";
import type { WebhookRowJson } from "@/lib/webhooks/delivery-schemas";
import { disabledWords } from "@/lib/webhooks/disabled-words";
import { answeredOk, lastAnswerWords } from "@/lib/webhooks/last-answer-words";

export type WebhookAction = "test" | "edit" | "rotate" | "toggle" | "delete" | "retry";

function rate(w: WebhookRowJson): { text: string; tone: "success" | "warning" | "danger" | "neutral" } {
  if (w.success_rate === null) return { text: "No deliveries", tone: "neutral" };
  const pct = Math.round(w.success_rate * 1000) / 10;
  return { text: `${pct}%`, tone: pct >= 99 ? "success" : pct >= 90 ? "warning" : "danger" };
}

export function deliveriesHref(id: string, extra: Record<string, string> = {}): string {
  return `/dashboard/deliveries?${new URLSearchParams({ webhook_id: id, status: "any", ...extra })}`;
}

/** The health cell: the success rate (retrying deliveries count as failing) and the last answer in words. */
function Health({ w }: { w: WebhookRowJson }) {
  const r = rate(w);
  const { succeeded, failed, retrying, last_answer: last } = w.health;
  const attempted = succeeded + failed + retrying;
  return (
    <>
      <Badge tone={r.tone}>{r.text}</Badge>
      <span className="block text-xs text-slate-600">
        {attempted > 0
          ? `${formatNumber(succeeded)} of ${formatNumber(attempted)} delivered`
          : "Nothing sent in 24 h"}
        {retrying > 0 ? ` · ${formatNumber(retrying)} retrying` : ""}
        {failed > 0 ? ` · ${formatNumber(failed)} failed` : ""}
      </span>
      {last ? (
        <span
          className={
            answeredOk(last) ? "block text-xs text-slate-600" : "block text-xs font-medium text-red-800"
          }
          title={formatDateTime(last.at)}
        >
          {lastAnswerWords(last, (iso) => formatRelative(iso))}
        </span>
      ) : null}
    </>
  );
}

/**
 * The organization's webhooks: where, what, whether signed, how the last 24 hours went and what
 * the endpoint last answered. Every row's actions sit in one menu (with "Retry now" in view
 * while deliveries wait), so nothing is pushed off-screen at any width.
 */
export function WebhooksTable({
  webhooks,
  onAction,
  busy,
}: {
  webhooks: WebhookRowJson[];
  onAction: (action: WebhookAction, webhook: WebhookRowJson) => void;
  /** "test:<id>" or "retry:<id>" while that action runs */
  busy: string | null;
}) {
  return (
    <Table caption="Webhooks">
      <THead>
        <tr>
          <Th>Webhook</Th>
          <Th className="max-lg:hidden">Events</Th>
          <Th>Health (24 h)</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {webhooks.map((w) => {
          const active = w.status === "active";
          const off = active
            ? null
            : disabledWords(w.disabled_reason, w.disabled_at, (iso) => formatRelative(iso));
          return (
            <Tr key={w.id}>
              <Td className="min-w-0">
                <Link
                  href={deliveriesHref(w.id)}
                  className="font-medium break-words text-blue-700 hover:underline"
                >
                  {w.name}
                </Link>
                <UrlText url={w.url} />
                <span className="mt-1 flex flex-wrap gap-1">
                  <Badge tone={active ? "success" : w.auto_disabled ? "danger" : "neutral"}>
                    {active ? "Active" : w.auto_disabled ? "Disabled automatically" : "Disabled"}
                  </Badge>
                  {w.has_secret ? null : <Badge tone="warning">No secret: deliveries unsigned</Badge>}
                </span>
                {w.rate_limit !== null ? (
                  <span className="block text-xs text-slate-600">
                    At most {formatNumber(w.rate_limit)} deliveries a second
                  </span>
                ) : null}
                {off ? (
                  <span className="mt-1 block text-xs text-slate-600">
                    {off.text}
                    {off.deliveryId ? (
                      <>
                        {" "}
                        <Link
                          href={deliveriesHref(w.id, { id: off.deliveryId })}
                          className="text-blue-700 underline"
                        >
                          See that delivery
                        </Link>
                      </>
                    ) : null}
                  </span>
                ) : null}
                {w.previous_secret_valid_until ? (
                  <span className="block text-xs text-slate-600">
                    Previous secret also signs until {formatDateTime(w.previous_secret_valid_until)}
                  </span>
                ) : null}
              </Td>
              <Td label="Events" className="max-lg:hidden">
                <span title={w.events.join(", ")}>
                  {w.events.includes(ALL_EVENTS)
                    ? `All events${w.events.length > 1 ? " + raw WhatsApp" : ""}`
                    : `${w.events.length} event${w.events.length === 1 ? "" : "s"}`}
                </span>
                <span className="block max-w-56 font-mono text-xs break-words text-slate-600">
                  {w.events.join(", ")}
                </span>
              </Td>
              <Td label="Health (24 h)" className="max-sm:order-first">
                <Health w={w} />
              </Td>
              <Td className="text-right">
                <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                  {active && w.health.retrying > 0 ? (
                    <Button size="sm" onClick={() => onAction("retry", w)} loading={busy === `retry:${w.id}`}>
                      Retry now<span className="sr-only"> the waiting deliveries of {w.name}</span>
                    </Button>
                  ) : null}
                  <Menu
                    label={`Actions for ${w.name}`}
                    actions={[
                      {
                        label: "Send test event",
                        onSelect: () => onAction("test", w),
                        disabled: !active || busy === `test:${w.id}`,
                        disabledReason: active ? "Sending…" : "The webhook is disabled: enable it first.",
                      },
                      { label: "Edit", onSelect: () => onAction("edit", w) },
                      { label: "Rotate secret", onSelect: () => onAction("rotate", w) },
                      { label: "See its deliveries", href: deliveriesHref(w.id) },
                      { label: active ? "Disable" : "Enable", onSelect: () => onAction("toggle", w) },
                      { label: "Delete", tone: "danger", onSelect: () => onAction("delete", w) },
                    ]}
                  />
                </div>
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
