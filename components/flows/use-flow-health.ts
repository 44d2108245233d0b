"use client";

import { useQuery } from "@tanstack/react-query";
import { FLOWS_QUERY_KEY } from "@/components/flows/use-flows";
import { callDashboard } from "@/components/lib/dashboard-client";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";

/** A Flow's alerts and status changes, newest first (lib/flows/flow-health-history.ts). */
export function useFlowHealth(id: string) {
  return useQuery({
    queryKey: [...FLOWS_QUERY_KEY, id, "health"],
    queryFn: ({ signal }) => callDashboard(FLOW_DASHBOARD.flowHealth, { params: { id }, signal }),
  });
}
