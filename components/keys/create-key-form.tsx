"use client";

import {
  EXPIRY_OPTIONS,
  type ExpiryChoice,
  type KeyFormState,
  withKind,
} from "@/components/keys/key-form-state";
import { Checkbox, Radio } from "@/components/ui/checkbox";
import { Input, sentence } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { PUBLISHABLE_SCOPES, SCOPES, type Scope } from "@/lib/api/scopes";

const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export type CreateKeyFormProps = {
  state: KeyFormState;
  onChange: (state: KeyFormState) => void;
  errors: Record<string, string>;
};

/** The fields of a new key; scopes a publishable key may not hold are disabled. */
export function CreateKeyForm({ state, onChange, errors }: CreateKeyFormProps) {
  const set = (patch: Partial<KeyFormState>) => onChange({ ...state, ...patch });
  const toggleScope = (scope: Scope, on: boolean) =>
    set({ scopes: on ? [...state.scopes, scope] : state.scopes.filter((s) => s !== scope) });
  return (
    <div className="space-y-5">
      <Input
        label="Name"
        value={state.name}
        onChange={(e) => set({ name: e.target.value })}
        error={errors.name}
        hint="Where the key is used, e.g. “CRM sync”."
        data-autofocus
        maxLength={100}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Kind</legend>
        <div className="mt-2 space-y-2">
          <Radio
            name="kind"
            value="sk"
            label="Secret (service_sk_)"
            description="For servers. Any scope."
            checked={state.kind === "sk"}
            onChange={() => onChange(withKind(state, "sk"))}
          />
          <Radio
            name="kind"
            value="pk"
            label="Publishable (service_pk_)"
            description="Read scopes only."
            checked={state.kind === "pk"}
            onChange={() => onChange(withKind(state, "pk"))}
          />
        </div>
      </fieldset>
      <fieldset aria-describedby={errors.scopes ? "scopes-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">Scopes</legend>
        <div className="mt-2 space-y-2">
          {ALL_SCOPES.map((scope) => {
            const allowed = state.kind === "sk" || PUBLISHABLE_SCOPES.includes(scope);
            return (
              <Checkbox
                key={scope}
                label={scope}
                disabled={!allowed}
                checked={state.scopes.includes(scope)}
                onChange={(e) => toggleScope(scope, e.target.checked)}
                description={allowed ? SCOPES[scope] : `${SCOPES[scope]} — secret keys only`}
              />
            );
          })}
        </div>
        {errors.scopes ? (
          <p id="scopes-error" className="mt-1 text-xs font-medium text-red-700">
            {sentence(errors.scopes)}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Expires"
          options={EXPIRY_OPTIONS}
          value={state.expiry}
          onChange={(e) => set({ expiry: e.target.value as ExpiryChoice })}
          error={state.expiry === "custom" ? undefined : errors.expires_at}
        />
        {state.expiry === "custom" ? (
          <Input
            label="Expiry date"
            type="date"
            value={state.expiryDate}
            error={errors.expires_at}
            onChange={(e) => set({ expiryDate: e.target.value })}
          />
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Requests per minute"
          type="number"
          inputMode="numeric"
          min={1}
          value={state.perMinute}
          onChange={(e) => set({ perMinute: e.target.value })}
          error={errors.per_minute_limit}
          hint="Default 60."
        />
        <Input
          label="Requests per day"
          type="number"
          inputMode="numeric"
          min={1}
          value={state.perDay}
          onChange={(e) => set({ perDay: e.target.value })}
          error={errors.per_day_limit}
          hint="Default 10,000."
        />
      </div>
    </div>
  );
}
