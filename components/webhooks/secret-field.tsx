"use client";

import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { generateSecret } from "@/components/webhooks/webhook-form-state";

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
          Without a secret, deliveries are not signed and your endpoint cannot tell them from forgeries.
        </p>
      ) : null}
    </div>
  );
}
