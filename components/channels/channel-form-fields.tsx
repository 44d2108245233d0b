"use client";

import type { ChannelFormState } from "@/components/channels/channel-form-state";
import { Input } from "@/components/ui/input";

/** The inputs of "Add channel"; the token is a password field, never prefilled. */
export function ChannelFormFields({
  form,
  onChange: set,
  errors,
}: {
  form: ChannelFormState;
  onChange: (patch: Partial<ChannelFormState>) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Phone number id"
          value={form.phoneNumberId}
          onChange={(e) => set({ phoneNumberId: e.target.value })}
          error={errors.phone_number_id}
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
        />
        <Input
          label="WhatsApp Business Account id"
          value={form.wabaId}
          onChange={(e) => set({ wabaId: e.target.value })}
          error={errors.waba_id}
          inputMode="numeric"
          autoComplete="off"
        />
      </div>
      <Input
        label="Access token"
        type="password"
        value={form.accessToken}
        onChange={(e) => set({ accessToken: e.target.value })}
        error={errors.access_token}
        autoComplete="new-password"
        hint="Write-only: stored encrypted and never shown again. To change it later: “New token” on the channel's row."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Name (optional)"
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          hint="Defaults to the number's verified name."
          maxLength={100}
        />
        <Input
          label="Display number (optional)"
          value={form.displayPhoneNumber}
          onChange={(e) => set({ displayPhoneNumber: e.target.value })}
          error={errors.display_phone_number}
          hint="Defaults to what WhatsApp reports."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <Input
          label="Graph API URL (optional)"
          value={form.graphUrl}
          onChange={(e) => set({ graphUrl: e.target.value })}
          error={errors.graph_url}
          inputMode="url"
          placeholder="https://graph.facebook.com/v23.0"
          hint="Leave empty for the default. Meta's or one your operator allowed; the local sandbox is http://127.0.0.1:4010/v23.0."
        />
        <Input
          label="Messages per second"
          type="number"
          min={1}
          max={1000}
          value={form.throughput}
          onChange={(e) => set({ throughput: e.target.value })}
          error={errors.throughput_per_second}
          hint="Default 80."
        />
      </div>
    </>
  );
}
