"use client";

import { useState } from "react";
import { useReplaceToken } from "@/components/channels/use-channels";
import { errorMessage, fieldErrors } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/dialog-form";
import { Input } from "@/components/ui/input";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";

/**
 * A new access token for a channel (owners and admins): when WhatsApp refused the old one, or
 * before it expires. Write-only like "Add channel": a password field, tried with WhatsApp before
 * it replaces the stored one, never shown again.
 */
export function TokenDialog({
  channel,
  onClose,
  onReplaced,
}: {
  channel: ChannelRowJson | null;
  onClose: () => void;
  onReplaced: (channel: ChannelRowJson) => void;
}) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const replace = useReplaceToken();

  function close() {
    if (replace.isPending) return;
    setToken("");
    setError(undefined);
    setFailure(null);
    onClose();
  }

  function submit() {
    if (!channel) return;
    if (token.trim() === "") return setError("paste the access token");
    setError(undefined);
    setFailure(null);
    replace.mutate(
      { id: channel.id, body: { access_token: token } },
      {
        onSuccess: (result) => {
          setToken("");
          onReplaced(result.channel);
          onClose();
        },
        onError: (e) => {
          const byField = fieldErrors(e);
          setError(byField.access_token);
          setFailure(byField.access_token ? null : errorMessage(e));
        },
      },
    );
  }

  return (
    <Dialog
      open={channel !== null}
      onClose={close}
      title={`New access token for ${channel?.name ?? "the channel"}`}
      description="A system user token from Meta's Business Manager with access to this number and its WhatsApp Business Account."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={replace.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="token-form" loading={replace.isPending}>
            {replace.isPending ? "Checking with WhatsApp…" : "Save token"}
          </Button>
        </>
      }
    >
      <DialogForm id="token-form" className="space-y-4" failure={failure} onSubmit={submit}>
        {channel?.token_error ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            WhatsApp refused the current token: {channel.token_error}
          </p>
        ) : null}
        <Input
          label="Access token"
          type="password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          error={error}
          autoComplete="new-password"
          hint="Write-only: tried with WhatsApp, then stored encrypted in place of the old one and never shown again. Templates sync right after."
          data-autofocus
        />
      </DialogForm>
    </Dialog>
  );
}
