import "#server-only";
import { config } from "@/lib/config";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { failPendingDeliveries } from "@/lib/webhooks/fail-pending-deliveries";
import type { PostOutcome } from "@/lib/webhooks/post-webhook";

const DAY_MS = 86_400_000;

function lastAnswer(outcome: PostOutcome): string {
  if (outcome.statusCode !== null) return `answered ${outcome.statusCode}`;
  return outcome.error ?? "no answer";
}

/**
 * Svix's rule: an endpoint that has not accepted a single delivery for WEBHOOK_DISABLE_AFTER_DAYS
 * (5 by default) is disabled, its pending deliveries failed, with the reason shown to its owners
 * (Overview, Webhooks) until one of them enables it again. Called with every failed attempt, in
 * its transaction: the first failure after a success starts the streak (`failing_since`), any
 * success ends it (lib/webhooks/record-attempt.ts). Answers whether the webhook was disabled.
 */
export async function disableIfFailingTooLong(
  tx: Prisma.TransactionClient,
  webhookId: string,
  attemptedAt: Date,
  now: Date,
  outcome: PostOutcome,
): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ failing_since: Date }[]>`
    UPDATE webhooks SET failing_since = coalesce(failing_since, ${attemptedAt})
    WHERE id = ${webhookId} AND status = 'active'
    RETURNING failing_since`;
  if (!row) return false;
  const days = config().WEBHOOK_DISABLE_AFTER_DAYS;
  if (now.getTime() - row.failing_since.getTime() < days * DAY_MS) return false;
  const since = `${row.failing_since.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const reason = `no delivery succeeded for ${days} days (failing since ${since}; the last attempt ${lastAnswer(outcome)})`;
  await tx.webhook.updateMany({
    where: { id: webhookId, status: "active" },
    data: { status: "disabled", autoDisabled: true, disabledAt: now, disabledReason: reason },
  });
  await failPendingDeliveries(tx, webhookId);
  return true;
}
