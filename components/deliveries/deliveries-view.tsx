"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { PageHeader } from "@/components/dashboard/page-header";
import { BulkRedeliverDialog } from "@/components/deliveries/bulk-redeliver-dialog";
import { DeliveriesFiltersBar } from "@/components/deliveries/deliveries-filters";
import { DeliveriesResults } from "@/components/deliveries/deliveries-results";
import { DeliveryDetailDialog } from "@/components/deliveries/delivery-detail-dialog";
import {
  DEFAULT_FILTERS,
  type DeliveryFilters,
  filtersFromParams,
  filtersToParams,
} from "@/components/deliveries/delivery-filters";
import { useDeliveryWebhooks, useStatusCounts } from "@/components/deliveries/use-deliveries";
import { Button } from "@/components/ui/button";

/**
 * Delivery monitoring: every status at first (counted per status), inspect one, redeliver one,
 * or push a webhook's backlog (retry the waiting ones now, redeliver the failed ones).
 */
export function DeliveriesView() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const filters = filtersFromParams(params);
  const selectedId = params.get("id");
  // names only, from a route every role that reads deliveries may call (no 403 in an agent's console)
  const webhooks = useDeliveryWebhooks();
  const [bulkOpen, setBulkOpen] = useState(false);
  const webhook = webhooks.data?.find((w) => w.id === filters.webhookId);
  const counts = useStatusCounts(filters);

  // the URL updates after a render: changes made before it lands build on the pending one
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === params.toString()) pending.current = null;
  }, [params]);
  const current = () => pending.current ?? params;
  const go = (next: URLSearchParams) => {
    pending.current = next;
    router.replace(`${pathname}?${next}`, { scroll: false });
  };
  const setFilters = (patch: Partial<DeliveryFilters>) =>
    go(filtersToParams({ ...filtersFromParams(current()), ...patch }, current()));
  const open = (id: string | null) => {
    const next = new URLSearchParams(current());
    if (id) next.set("id", id);
    else next.delete("id");
    go(next);
  };

  return (
    <>
      <PageHeader
        title="Deliveries"
        description="Every event sent to your webhooks: find why one did not arrive, see each attempt, and send it again."
        actions={
          <Button
            variant="secondary"
            disabled={!filters.webhookId}
            aria-describedby={filters.webhookId ? undefined : "backlog-needs-webhook"}
            onClick={() => setBulkOpen(true)}
          >
            Retry or redeliver…
          </Button>
        }
      />
      <DeliveriesFiltersBar
        filters={filters}
        counts={counts}
        webhooks={(webhooks.data ?? []).map((w) => ({ id: w.id, name: w.name }))}
        onChange={setFilters}
      />
      {filters.webhookId ? null : (
        <p id="backlog-needs-webhook" className="mb-4 text-sm text-slate-600">
          Choose a webhook to retry its waiting deliveries, or redeliver its failed ones, all at once.
        </p>
      )}
      <DeliveriesResults
        filters={filters}
        onOpen={open}
        onShowAll={() => setFilters({ ...DEFAULT_FILTERS, status: "", webhookId: filters.webhookId })}
      />
      <DeliveryDetailDialog id={selectedId} onClose={() => open(null)} />
      <BulkRedeliverDialog
        open={bulkOpen}
        filters={filters}
        webhookName={webhook?.name ?? filters.webhookId}
        onClose={() => setBulkOpen(false)}
      />
    </>
  );
}
