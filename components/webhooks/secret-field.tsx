"use client";

import { Button } from "@/components/ui/button";
import { Radio } from "@/components/ui/checkbox";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { generateSecret, type SecretMode } from "@/components/webhooks/webhook-form-state";

const UNSIGNED_WARNING =
  "Without a secret, deliveries are not signed and your endpoint cannot tell them from forgeries.";

/**
 * A new webhook's signing, chosen explicitly: a secret we generate (the default; shown once after
 * saving, as API keys are), your own, or none (deliveries unsigned, said plainly).
 */
export function NewSecretChoice({
  mode,
  onMode,
  value,
  onChange,
  error,
}: {
  mode: SecretMode;
  onMode: (mode: SecretMode) => void;
  value: string;
  onChange: (secret: string) => void;
  error?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Signing secret</legend>
      <Radio
        name="secret-mode"
        value="generate"
        checked={mode === "generate"}
        onChange={() => onMode("generate")}
        label="Generate a secret for me (recommended)"
        description="A random whsec_ secret signs every delivery (X-Service-Signature). It is shown once, after saving."
      />
      <Radio
        name="secret-mode"
        value="own"
        checked={mode === "own"}
        onChange={() => onMode("own")}
        label="Use my own secret"
      />
      {mode === "own" ? (
        <div className="ml-6">
          <Input
            label="Your secret"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            error={error}
            hint="32+ random characters advised."
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
          />
        </div>
      ) : null}
      <Radio
        name="secret-mode"
        value="none"
        checked={mode === "none"}
        onChange={() => onMode("none")}
        label="No secret: send unsigned deliveries"
      />
      {mode === "none" ? (
        <p
          role="note"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {UNSIGNED_WARNING}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The write-only signing secret: always shown empty when editing. Empty keeps the stored secret
 * (or, for a new webhook, means none); anything typed replaces it. "Generate" fills a strong one.
 */
export function SecretField({
  value,
  onChange,
  error,
  editing,
  hasSecret,
}: {
  value: string;
  onChange: (secret: string) => void;
  error?: string;
  editing: boolean;
  hasSecret: boolean;
}) {
  const hint = editing
    ? hasSecret
      ? "Leave empty to keep the current secret. A new value replaces it at once; to keep the old one valid while your endpoint switches, use Rotate secret."
      : "This webhook has no secret. Add one to sign its deliveries."
    : "Signs every delivery (X-Service-Signature). 32+ random characters advised.";
  const unsigned = value === "" && !(editing && hasSecret);
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Input
            label="Signing secret"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            error={error}
            hint={hint}
            autoComplete="off"
            spellCheck={false}
            placeholder={editing && hasSecret ? "•••••••• (unchanged)" : undefined}
            className="font-mono"
          />
        </div>
        <div className="mt-6">
          <Button variant="secondary" onClick={() => onChange(generateSecret())}>
            Generate
          </Button>
        </div>
      </div>
      {value !== "" ? (
        <p className="flex items-center gap-2 text-xs text-slate-600">
          Copy it into your receiver now: it is never shown again after saving.
          <CopyButton value={value} label="Copy secret" />
        </p>
      ) : null}
      {unsigned ? (
        <p
          role="note"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {UNSIGNED_WARNING}
        </p>
      ) : null}
    </div>
  );
}
