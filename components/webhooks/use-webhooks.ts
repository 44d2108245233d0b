"use client";

import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/lib/fetch-json";
import type { WebhookRowJson } from "@/lib/webhooks/delivery-schemas";
import type { CreateWebhookBody, UpdateWebhookBody } from "@/lib/webhooks/schemas";
import type { WebhookJson } from "@/lib/webhooks/webhook-json";

export const WEBHOOKS_QUERY_KEY = ["webhooks"] as const;

const listOptions = queryOptions({
  queryKey: WEBHOOKS_QUERY_KEY,
  queryFn: ({ signal }) =>
    fetchJson<{ webhooks: WebhookRowJson[]; limit: number }>("/api/dashboard/webhooks", { signal }),
  refetchInterval: 30_000,
});

/** Every webhook with its last 24 hours, and the organization's limit; refreshed every 30 s. */
export function useWebhookList() {
  return useQuery(listOptions);
}

/** Just the webhooks (the deliveries page's filter). */
export function useWebhooks() {
  return useQuery({ ...listOptions, select: (data) => data.webhooks });
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

const path = (id: string) => `/api/dashboard/webhooks/${encodeURIComponent(id)}`;

export function useCreateWebhook() {
  return useWebhookMutation((body: CreateWebhookBody) =>
    fetchJson<{ webhook: WebhookJson }>("/api/dashboard/webhooks", { method: "POST", body }),
  );
}

export function useUpdateWebhook() {
  return useWebhookMutation(({ id, body }: { id: string; body: UpdateWebhookBody }) =>
    fetchJson<{ webhook: WebhookJson }>(path(id), { method: "PATCH", body }),
  );
}

export function useDeleteWebhook() {
  return useWebhookMutation((id: string) =>
    fetchJson<{ id: string; deleted: true }>(path(id), { method: "DELETE" }),
  );
}

export function useSendTestEvent() {
  return useWebhookMutation((id: string) =>
    fetchJson<{ deliveryId: string; eventId: string }>(`${path(id)}/test`, { method: "POST" }),
  );
}

/** The answer of "Rotate secret": the new secret, this one time. */
export type RotatedSecretJson = {
  webhook: WebhookJson;
  secret: string;
  previous_secret_expires_at: string | null;
  grace_period_hours: number;
};

export function useRotateWebhookSecret() {
  return useWebhookMutation((id: string) =>
    fetchJson<RotatedSecretJson>(`${path(id)}/rotate-secret`, { method: "POST" }),
  );
}
