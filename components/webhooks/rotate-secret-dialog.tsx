"use client";

import { useState } from "react";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { ShownOnceSecret } from "@/components/ui/shown-once-secret";
import { useRotateWebhookSecret } from "@/components/webhooks/use-webhooks";
import type { WebhookRowJson } from "@/lib/webhooks/delivery-schemas";
import { ROTATION_GRACE_HOURS } from "@/lib/webhooks/rotation-grace";
import type { RotatedSecretJson } from "@/lib/webhooks/webhook-json";

/**
 * Two steps: confirm, then the new secret shown once with a copy button. Closing forgets it:
 * the secret is stored sealed and never returned again. The old secret keeps signing
 * `webhook-signature` for the grace period, so receivers can switch without losing events.
 */
export function RotateSecretDialog({
  webhook,
  onClose,
}: {
  webhook: WebhookRowJson | null;
  onClose: () => void;
}) {
  const rotate = useRotateWebhookSecret();
  const [rotated, setRotated] = useState<RotatedSecretJson | null>(null);

  function close() {
    setRotated(null);
    rotate.reset();
    onClose();
  }

  if (webhook && rotated) {
    const until = rotated.previous_secret_expires_at;
    return (
      <Dialog
        open
        onClose={close}
        step="rotated"
        title="Copy the new secret"
        description="It is shown only this once."
        footer={<Button onClick={close}>Done</Button>}
      >
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            <strong>{webhook.name}</strong> signs its deliveries with this secret from now on. Store it where
            your endpoint verifies signatures.
          </p>
          <ShownOnceSecret value={rotated.secret} copyLabel="Copy secret" testId="new-webhook-secret" />
          {until ? (
            <p>
              The previous secret stays valid for {rotated.grace_period_hours} hours (until{" "}
              {formatDateTime(until)}): during that time <code>webhook-signature</code> carries a signature
              with each secret, and <code>X-Service-Signature</code> uses the new one only.
            </p>
          ) : (
            <p>The webhook had no secret, so there is no previous one to keep.</p>
          )}
        </div>
      </Dialog>
    );
  }

  return (
    <ConfirmDialog
      open={webhook !== null}
      title="Rotate this webhook's secret?"
      confirmLabel="Rotate secret"
      tone="primary"
      pending={rotate.isPending}
      error={rotate.isError ? errorMessage(rotate.error) : null}
      onCancel={close}
      onConfirm={() => webhook && rotate.mutate(webhook.id, { onSuccess: (data) => setRotated(data) })}
    >
      <p>
        A new secret is generated for <strong>{webhook?.name}</strong> and shown once. The current secret
        stays valid for {ROTATION_GRACE_HOURS} hours, so your endpoint can switch without missing events.
      </p>
    </ConfirmDialog>
  );
}
