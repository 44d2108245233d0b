"use client";

import { useState } from "react";
import { AddChannelDialog } from "@/components/channels/add-channel-dialog";
import { CallingSettings } from "@/components/channels/calling-settings";
import { ChannelSettingsDialog } from "@/components/channels/channel-settings-dialog";
import { ChannelsTable } from "@/components/channels/channels-table";
import { FlowEndpointKeys } from "@/components/channels/flow-endpoint-keys";
import { TokenDialog } from "@/components/channels/token-dialog";
import { TokenNotices } from "@/components/channels/token-notices";
import { UnprocessedNotices } from "@/components/channels/unprocessed-notices";
import { useDeactivateChannel, useSyncTemplates } from "@/components/channels/use-channels";
import { useWatchedChannels } from "@/components/channels/use-sync-watch";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";

/** Channels: list, add (credentials checked upstream), a new token, deactivate, sync templates now. */
export function ChannelsView() {
  const toast = useToast();
  const { query: channels, syncing, watch } = useWatchedChannels(toast.show);
  const sync = useSyncTemplates();
  const deactivate = useDeactivateChannel();
  const [adding, setAdding] = useState(false);
  const [closing, setClosing] = useState<ChannelRowJson | null>(null);
  const [renewing, setRenewing] = useState<ChannelRowJson | null>(null);
  const [configuring, setConfiguring] = useState<ChannelRowJson | null>(null);
  const addButton = <Button onClick={() => setAdding(true)}>Add channel</Button>;

  function startSync(channel: ChannelRowJson) {
    sync.mutate(channel, { onError: (error) => toast.show(errorMessage(error), "error") });
  }

  return (
    <>
      <PageHeader
        title="Channels"
        description="Your WhatsApp numbers. Messages are sent and received through active channels; templates are synced every 15 minutes."
        actions={addButton}
      />
      {channels.isPending ? (
        <TableSkeleton columns={6} label="Loading channels" />
      ) : channels.isError ? (
        <ErrorState
          title="Could not load the channels"
          message={errorMessage(channels.error)}
          onRetry={() => channels.refetch()}
        />
      ) : channels.data.length === 0 ? (
        <EmptyState title="No channels yet" action={addButton}>
          Add your WhatsApp Business number to send and receive messages.
        </EmptyState>
      ) : (
        <>
          <TokenNotices channels={channels.data} onToken={setRenewing} />
          <ChannelsTable
            channels={channels.data}
            syncing={syncing}
            onSync={startSync}
            onToken={setRenewing}
            onDeactivate={(c) => {
              deactivate.reset();
              setClosing(c);
            }}
            onSettings={setConfiguring}
          />
          <UnprocessedNotices channels={channels.data} />
          <FlowEndpointKeys />
          <CallingSettings canEdit />
        </>
      )}
      <AddChannelDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(channel) => {
          toast.show(`Channel ${channel.name} added; its templates are being synced.`);
          watch(channel, null);
        }}
      />
      <TokenDialog
        channel={renewing}
        onClose={() => setRenewing(null)}
        onReplaced={(channel) => {
          toast.show(`New token saved for ${channel.name}; its templates are being synced.`);
          watch(channel, channel.templates_synced_at);
        }}
      />
      <ChannelSettingsDialog
        channel={configuring}
        onClose={() => setConfiguring(null)}
        onSaved={(channel) => toast.show(`Settings of ${channel.name} saved.`)}
      />
      <ConfirmDialog
        open={closing !== null}
        title="Deactivate this channel?"
        confirmLabel="Deactivate channel"
        pending={deactivate.isPending}
        error={deactivate.isError ? errorMessage(deactivate.error) : null}
        onCancel={() => setClosing(null)}
        onConfirm={() => {
          if (!closing) return;
          deactivate.mutate(closing.id, {
            onSuccess: () => {
              toast.show(`${closing.name} deactivated.`);
              setClosing(null);
            },
          });
        }}
      >
        <p>
          Sends through <strong>{closing?.name}</strong> ({closing?.phone_number_id}) will be refused and its
          templates no longer synced. Conversations and history stay. There is no undo in the dashboard.
        </p>
      </ConfirmDialog>
    </>
  );
}
