"use client";

import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import type { CreateWebhookBody, UpdateWebhookBody } from "@/lib/webhooks/schemas";

export const WEBHOOKS_QUERY_KEY = ["webhooks"] as const;

const listOptions = queryOptions({
  queryKey: WEBHOOKS_QUERY_KEY,
  queryFn: ({ signal }) => callDashboard(WEBHOOK_DASHBOARD.listWebhooks, { signal }),
  refetchInterval: 30_000,
});

/** Every webhook with its last 24 hours, and the organization's limit; refreshed every 30 s. */
export function useWebhookList() {
  return useQuery(listOptions);
}

function useWebhookMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
      await client.invalidateQueries({ queryKey: ["overview"] });
    },
  });
}

export function useCreateWebhook() {
  return useWebhookMutation((body: CreateWebhookBody) =>
    callDashboard(WEBHOOK_DASHBOARD.createWebhook, { body }),
  );
}

export function useUpdateWebhook() {
  return useWebhookMutation(({ id, body }: { id: string; body: UpdateWebhookBody }) =>
    callDashboard(WEBHOOK_DASHBOARD.updateWebhook, { params: { id }, body }),
  );
}

export function useDeleteWebhook() {
  return useWebhookMutation((id: string) =>
    callDashboard(WEBHOOK_DASHBOARD.deleteWebhook, { params: { id } }),
  );
}

export function useSendTestEvent() {
  return useWebhookMutation((id: string) =>
    callDashboard(WEBHOOK_DASHBOARD.sendTestEvent, { params: { id } }),
  );
}

export function useRotateWebhookSecret() {
  return useWebhookMutation((id: string) =>
    callDashboard(WEBHOOK_DASHBOARD.rotateSecret, { params: { id } }),
  );
}
