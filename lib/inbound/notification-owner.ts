import { createHash, randomUUID } from "node:crypto";

/**
 * Which listening worker claims a stored notification first (lib/inbound/listen-upstream.ts).
 * Every worker hears every NOTIFY; before this, every one of them ran the claim for every id and
 * all but one took nothing: a PostgreSQL transaction a notification for each further worker
 * (issue 33 part 5: +3.1 transactions an outbound message and +1.0 an inbound one per pair).
 * Now the id says whose it is: the web writes a hash of the notification's conversation into the
 * id's last 32 bits (the rest stays random: 90 random bits), and of the n listeners PostgreSQL
 * knows, the worker at that hash modulo n claims it at once. The others only check, together and
 * after a grace period, whether theirs are still unclaimed (an owner that died, a view of the
 * listeners not yet refreshed) and claim those. One conversation's notifications go to one worker,
 * which processes them in the order heard.
 */

/** A notification id whose last 32 bits are the conversation's (a v4 UUID otherwise; wholly random for no conversation). */
export function notificationIdFor(key: string): string {
  if (key === ":") return randomUUID();
  const hash = createHash("sha1").update(key).digest("hex").slice(0, 8);
  return `${randomUUID().slice(0, 28)}${hash}`;
}

/** The id's share: its last 32 bits (any UUID has them, ids of the older kind too). */
export function shareOf(id: string): number {
  const tail = Number.parseInt(id.slice(-8), 16);
  return Number.isFinite(tail) ? tail : 0;
}

/** Whether `self` (a listener's name) claims `id` at once among `listeners` (sorted names). */
export function ownsNotification(id: string, self: string, listeners: readonly string[]): boolean {
  if (listeners.length <= 1 || !listeners.includes(self)) return true;
  return listeners[shareOf(id) % listeners.length] === self;
}

/**
 * The conversation a notification belongs to, for ordering: the business number and the
 * customer of its first change (a message's sender, a status's recipient); "" for other kinds.
 */
export function conversationKey(payload: unknown): string {
  const value = (payload as { entry?: { changes?: { value?: unknown }[] }[] } | null)?.entry?.[0]
    ?.changes?.[0]?.value as
    | {
        metadata?: { phone_number_id?: unknown };
        messages?: { from?: unknown }[];
        statuses?: { recipient_id?: unknown }[];
      }
    | undefined;
  const number = String(value?.metadata?.phone_number_id ?? "");
  const customer = String(value?.messages?.[0]?.from ?? value?.statuses?.[0]?.recipient_id ?? "");
  return `${number}:${customer}`;
}
