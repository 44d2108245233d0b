"use client";

import { formatDateTime, formatNumber, formatRelative } from "@/components/lib/format";
import { categoryLabel } from "@/components/lib/pricing-category-style";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/skeleton";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { UrlText } from "@/components/ui/url-text";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";

export type ChannelsTableProps = {
  channels: ChannelRowJson[];
  /** channels whose template sync is awaited */
  syncing: ReadonlySet<string>;
  onSync: (channel: ChannelRowJson) => void;
  onToken: (channel: ChannelRowJson) => void;
  onDeactivate: (channel: ChannelRowJson) => void;
  onSettings: (channel: ChannelRowJson) => void;
};

/** The organization's channels; inactive ones stay listed, greyed, with their history. */
export function ChannelsTable({
  channels,
  syncing,
  onSync,
  onToken,
  onDeactivate,
  onSettings,
}: ChannelsTableProps) {
  return (
    <Table caption="Channels">
      <THead>
        <tr>
          <Th>Name</Th>
          <Th>Ids</Th>
          <Th>Status</Th>
          <Th>Templates</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {channels.map((c) => {
          const active = c.status === "active";
          const busy = syncing.has(c.id);
          return (
            <Tr key={c.id} className={active ? undefined : "text-slate-500"}>
              <Td className="min-w-0">
                <span className="block font-medium break-words">{c.name}</span>
                <span className="block text-xs text-slate-500">
                  {c.display_phone_number ?? "No display number"}
                </span>
                {c.graph_url ? <UrlText url={c.graph_url} /> : null}
                {active && c.needs_new_token ? (
                  <span className="mt-1 block" title={c.token_error ?? undefined}>
                    <Badge tone="danger">Needs a new token</Badge>
                  </span>
                ) : null}
                {active ? <RoutingRoles routing={c.routing} /> : null}
                {active ? <AccountLimits channel={c} /> : null}
                {c.coexistence || c.marketing_messages_api ? (
                  <span className="mt-1 flex flex-wrap gap-1">
                    {c.coexistence ? (
                      <Badge tone="info">Business app · {c.throughput_per_second}/s</Badge>
                    ) : null}
                    {c.marketing_messages_api ? <Badge tone="info">Marketing Messages API</Badge> : null}
                  </span>
                ) : null}
              </Td>
              <Td label="Ids" className="font-mono text-xs break-all">
                <span className="block">
                  <span className="font-sans text-slate-600">Phone number id </span>
                  {c.phone_number_id}
                </span>
                <span className="block">
                  <span className="font-sans text-slate-600">WABA id </span>
                  {c.waba_id}
                </span>
              </Td>
              <Td label="Status">
                <Badge tone={active ? "success" : "neutral"}>{active ? "Active" : "Inactive"}</Badge>
                <span
                  className="block text-xs text-slate-600"
                  title={formatDateTime(c.last_active_at, "Never")}
                >
                  {c.last_active_at ? `Last active ${formatRelative(c.last_active_at)}` : "No traffic yet"}
                </span>
              </Td>
              <Td label="Templates">
                {formatNumber(c.templates)}
                <span
                  className="block text-xs text-slate-500"
                  title={formatDateTime(c.templates_synced_at, "Never")}
                >
                  {busy ? (
                    <span role="status" className="inline-flex items-center gap-1">
                      <Spinner className="size-3" /> Syncing…
                    </span>
                  ) : (
                    <>Synced {formatRelative(c.templates_synced_at)}</>
                  )}
                </span>
                {c.template_sync_failure ? (
                  // kept until a sync succeeds: a wrong WABA id, a missing permission, an outage
                  <span
                    className="mt-1 block max-w-64 text-xs break-words text-red-700"
                    title={formatDateTime(c.template_sync_failure.at, "")}
                  >
                    Last sync failed {formatRelative(c.template_sync_failure.at)}:{" "}
                    {c.template_sync_failure.error}
                  </span>
                ) : null}
              </Td>
              <Td className="text-right">
                {active ? (
                  // stacked on wide screens too: four actions side by side widen the table past 1280 px
                  <div className="flex flex-col items-end gap-1 max-sm:flex-row max-sm:flex-wrap">
                    <Button variant="ghost" size="sm" onClick={() => onSettings(c)}>
                      Settings<span className="sr-only"> of {c.name}</span>
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => onToken(c)}>
                      New token<span className="sr-only"> for {c.name}</span>
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => onSync(c)} disabled={busy}>
                      Sync templates now<span className="sr-only"> for {c.name}</span>
                    </Button>
                    <Button variant="ghostDanger" size="sm" onClick={() => onDeactivate(c)}>
                      Deactivate<span className="sr-only"> {c.name}</span>
                    </Button>
                  </div>
                ) : null}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}

/** "25000001:50000000" → "25,000,001–50,000,000"; "50000001:" → "over 50,000,000" */
function tierRange(tier: string): string {
  const [from = "", to = ""] = tier.split(":");
  const n = (v: string) => (/^\d+$/.test(v) ? formatNumber(Number(v)) : v);
  if (to === "") return `${n(from)} and more`;
  return `${n(from)}–${n(to)}`;
}

/** "2025-11" → "November 2025" (UTC) */
function monthName(month: string | null): string | null {
  if (!month || !/^\d{4}-\d{2}$/.test(month)) return month;
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "INDIA" → "India", "REST_OF_LATIN_AMERICA" → "Rest of Latin America" */
function regionName(region: string): string {
  return region
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w, i) => (i > 0 && (w === "of" || w === "and") ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
}

/**
 * What WhatsApp last said the number may send and pays (issue 30 part 5): the business
 * portfolio's messaging limit (`business_capability_update`) and the account's volume-based
 * pricing tiers (`account_update`). Nothing is shown before WhatsApp reports either.
 */
function AccountLimits({ channel }: { channel: ChannelRowJson }) {
  const limit = channel.messaging_limit;
  const tiers = channel.pricing_tiers;
  if (limit === null && tiers.length === 0) return null;
  return (
    <span className="mt-1 block text-xs text-slate-600" data-testid="account-limits">
      {limit !== null ? (
        <span className="block break-words" title={formatDateTime(limit.changed_at)}>
          <span className="font-medium text-slate-700">Messaging limit: </span>
          {limit.daily_customers === null
            ? "unlimited customers a day"
            : `${formatNumber(limit.daily_customers)} customers a day`}{" "}
          outside the 24-hour window, shared by the business portfolio · changed{" "}
          {formatRelative(limit.changed_at)}
        </span>
      ) : null}
      {tiers.map((t) => (
        <span
          key={`${t.pricing_category}:${t.region}`}
          className="block break-words"
          title={formatDateTime(t.updated_at)}
        >
          <span className="font-medium text-slate-700">Pricing tier: </span>
          {categoryLabel(t.pricing_category)} in {regionName(t.region)}, {tierRange(t.tier)} messages a month
          {t.effective_month ? ` (${monthName(t.effective_month)})` : ""}
        </span>
      ))}
    </span>
  );
}

const ROLE_LABELS: Record<string, string> = {
  primary: "Primary",
  escalation_partner: "Escalation partner",
};

/**
 * The business's roles on the number under WhatsApp's conversation routing (read with each
 * template sync). Nothing is shown for a number this service answers alone.
 */
function RoutingRoles({ routing }: { routing: ChannelRowJson["routing"] }) {
  const alone = routing.roles.length === 1 && routing.roles[0] === "primary" && !routing.is_standby;
  if (routing.checked_at === null && routing.error === null) return null;
  if (alone && routing.error === null) return null;
  return (
    <span className="mt-1 block text-xs text-slate-600" data-testid="routing-roles">
      {routing.checked_at !== null && !alone ? (
        <>
          <span className="font-medium text-slate-700">Routed · </span>
          {routing.roles.length > 0
            ? routing.roles.map((r) => ROLE_LABELS[r] ?? r).join(", ")
            : "No role (nothing routed here)"}
          {routing.is_standby ? " · standby" : ""}
        </>
      ) : null}
      {routing.error !== null ? (
        <span className="block break-words" title={routing.error}>
          Routing roles not read: {routing.error}
        </span>
      ) : null}
    </span>
  );
}
