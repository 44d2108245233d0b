import "#server-only";
import { config } from "@/lib/config";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import type { PostOutcome } from "@/lib/webhooks/post-webhook";
import { disableWebhookAutomatically, markWebhookFailing } from "@/lib/webhooks/repository/webhooks";

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
  organizationId: string,
  webhookId: string,
  attemptedAt: Date,
  now: Date,
  outcome: PostOutcome,
): Promise<boolean> {
  const failingSince = await markWebhookFailing(organizationId, webhookId, attemptedAt, tx);
  if (!failingSince) return false;
  const days = config().WEBHOOK_DISABLE_AFTER_DAYS;
  if (now.getTime() - failingSince.getTime() < days * DAY_MS) return false;
  const since = `${failingSince.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const reason = `no delivery succeeded for ${days} days (failing since ${since}; the last attempt ${lastAnswer(outcome)})`;
  await disableWebhookAutomatically(organizationId, webhookId, { reason, at: now }, tx);
  return true;
}
