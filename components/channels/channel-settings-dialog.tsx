"use client";

import { useEffect, useState } from "react";
import { useChannelSettings } from "@/components/channels/use-channels";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/dialog-form";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";

/**
 * A channel's settings (owners and admins): the number is shared with the WhatsApp Business app
 * (coexistence), and MARKETING templates go through Meta's Marketing Messages API.
 */
export function ChannelSettingsDialog({
  channel,
  onClose,
  onSaved,
}: {
  channel: ChannelRowJson | null;
  onClose: () => void;
  onSaved: (channel: ChannelRowJson) => void;
}) {
  const save = useChannelSettings();
  const [coexistence, setCoexistence] = useState(false);
  const [marketing, setMarketing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset once per opened channel
  useEffect(() => {
    if (!channel) return;
    setCoexistence(channel.coexistence);
    setMarketing(channel.marketing_messages_api);
    save.reset();
  }, [channel]);

  function submit() {
    if (!channel) return;
    save.mutate(
      { id: channel.id, body: { coexistence, marketing_messages_api: marketing } },
      {
        onSuccess: ({ channel: saved }) => {
          onSaved(saved);
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open={channel !== null}
      onClose={() => (save.isPending ? undefined : onClose())}
      title={`Settings of ${channel?.name ?? "the channel"}`}
      description={channel?.display_phone_number ?? channel?.phone_number_id}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="channel-settings-form" loading={save.isPending}>
            Save settings
          </Button>
        </>
      }
    >
      <DialogForm
        id="channel-settings-form"
        failure={save.isError ? errorMessage(save.error) : null}
        onSubmit={submit}
      >
        <Checkbox
          label="Shared with the WhatsApp Business app"
          description="Staff also answer from the phone (coexistence). Their messages, the app's history and its contacts appear here; WhatsApp then sends at a fixed 20 messages a second. Set on its own when the app's first message arrives."
          checked={coexistence}
          onChange={(e) => setCoexistence(e.target.checked)}
        />
        <Checkbox
          label="Send marketing templates through the Marketing Messages API"
          description="Meta's endpoint for marketing templates, with its delivery optimisation. If the number has not accepted its terms, WhatsApp delivers the message as before. Other templates and replies are not affected."
          checked={marketing}
          onChange={(e) => setMarketing(e.target.checked)}
        />
      </DialogForm>
    </Dialog>
  );
}
