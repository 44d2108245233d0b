"use client";

import { useState } from "react";
import { ChannelFormFields } from "@/components/channels/channel-form-fields";
import {
  type ChannelFormState,
  EMPTY_CHANNEL_FORM,
  toAddChannelBody,
} from "@/components/channels/channel-form-state";
import { useAddChannel } from "@/components/channels/use-channels";
import { errorMessage, fieldErrors } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/dialog-form";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";

/**
 * Add a channel. The token field is write-only (a password field, never prefilled, never shown
 * again). The server tries the credentials with the upstream before storing anything.
 */
export function AddChannelDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (channel: ChannelRowJson) => void;
}) {
  const [form, setForm] = useState<ChannelFormState>(EMPTY_CHANNEL_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddChannel();
  const set = (patch: Partial<ChannelFormState>) => setForm({ ...form, ...patch });

  function close() {
    if (add.isPending) return;
    setForm(EMPTY_CHANNEL_FORM);
    setErrors({});
    setFailure(null);
    onClose();
  }

  function submit() {
    const result = toAddChannelBody(form);
    setFailure(null);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    add.mutate(result.body, {
      onSuccess: ({ channel }) => {
        onAdded(channel);
        setForm(EMPTY_CHANNEL_FORM);
        onClose();
      },
      onError: (error) => {
        const byField = fieldErrors(error);
        setErrors(byField);
        setFailure(Object.keys(byField).length > 0 ? null : errorMessage(error));
      },
    });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Add a WhatsApp channel"
      description="From Meta's WhatsApp Manager: the phone number id, its business account id and a system user token."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="channel-form" loading={add.isPending}>
            {add.isPending ? "Checking with WhatsApp…" : "Add channel"}
          </Button>
        </>
      }
    >
      <DialogForm id="channel-form" className="space-y-4" failure={failure} onSubmit={submit}>
        <ChannelFormFields form={form} onChange={set} errors={errors} />
      </DialogForm>
    </Dialog>
  );
}
