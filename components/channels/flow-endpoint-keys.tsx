"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { callDashboard } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime, formatRelative } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { useToast } from "@/components/ui/toast";
import {
  type ChannelFlowEndpointJson,
  FLOW_ENDPOINT_DASHBOARD,
} from "@/lib/flow-endpoint/dashboard-endpoints";

const QUERY_KEY = ["flow-endpoints"] as const;

function KeyState({ e }: { e: ChannelFlowEndpointJson }) {
  if (!e.public_key_fingerprint) return <span>No key yet: WhatsApp cannot call this endpoint.</span>;
  return (
    <span>
      Key <span className="font-mono text-xs">{e.public_key_fingerprint.slice(0, 16)}…</span> uploaded{" "}
      <time
        dateTime={e.public_key_uploaded_at ?? undefined}
        title={formatDateTime(e.public_key_uploaded_at, "")}
      >
        {formatRelative(e.public_key_uploaded_at, "never")}
      </time>
      .
    </span>
  );
}

/**
 * Below the channels (the page is for owners and admins only): each active channel's WhatsApp
 * Flows data endpoint, the URL to give as a Flow's `endpoint_uri` and the state of the key pair
 * the product keeps for it, with a confirmed rotation (lib/flow-endpoint/rotate-flow-key.ts: the
 * new public key is uploaded to WhatsApp; the old one still opens requests for an hour).
 */
export function FlowEndpointKeys() {
  const toast = useToast();
  const client = useQueryClient();
  const [rotating, setRotating] = useState<ChannelFlowEndpointJson | null>(null);
  const endpoints = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => callDashboard(FLOW_ENDPOINT_DASHBOARD.listFlowEndpoints, { signal }),
    select: (d) => d.endpoints,
  });
  const rotate = useMutation({
    mutationFn: (id: string) => callDashboard(FLOW_ENDPOINT_DASHBOARD.rotateFlowKey, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: QUERY_KEY }),
  });
  if (!endpoints.data || endpoints.data.length === 0) return null;
  return (
    <section aria-labelledby="flow-endpoints-heading" className="mt-6">
      <h2 id="flow-endpoints-heading" className="text-sm font-semibold text-slate-900">
        Flows data endpoints
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        WhatsApp calls this URL for Flows that load live data; the product decrypts each request and passes it
        to your receiver. Give it as the Flow&apos;s endpoint URI.
      </p>
      <ul aria-label="Flows data endpoints" className="mt-3 space-y-3">
        {endpoints.data.map((e) => (
          <li key={e.channel_id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
            <p className="font-medium text-slate-900">{e.channel_name}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code className="min-w-0 break-all rounded bg-slate-50 px-2 py-1 font-mono text-xs text-slate-800">
                {e.endpoint_url}
              </code>
              <CopyButton value={e.endpoint_url} label={`Copy URL`} />
            </div>
            <p className="mt-2 text-slate-700">
              <KeyState e={e} />
              {e.key_upload_error ? (
                <span className="block text-red-700">Last upload failed: {e.key_upload_error}</span>
              ) : null}
            </p>
            <div className="mt-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  rotate.reset();
                  setRotating(e);
                }}
              >
                {e.public_key_fingerprint ? "Rotate key" : "Make key"}
                <span className="sr-only"> of {e.channel_name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={rotating !== null}
        title={rotating?.public_key_fingerprint ? "Rotate this channel's Flows key?" : "Make a Flows key?"}
        confirmLabel={rotating?.public_key_fingerprint ? "Rotate key" : "Make key"}
        tone="primary"
        pending={rotate.isPending}
        error={rotate.isError ? errorMessage(rotate.error) : null}
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          if (!rotating) return;
          rotate.mutate(rotating.channel_id, {
            onSuccess: () => {
              toast.show(`New Flows key uploaded for ${rotating.channel_name}.`);
              setRotating(null);
            },
          });
        }}
      >
        <p>
          A new key pair is made for <strong>{rotating?.channel_name}</strong> and its public key uploaded to
          WhatsApp. The current key keeps working if WhatsApp refuses the new one, and still opens requests
          for an hour after the change.
        </p>
      </ConfirmDialog>
    </section>
  );
}
