import type { MessageStatus } from "@/lib/generated/prisma/client.ts";

const RANK: Record<MessageStatus, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  read: 4,
  failed: 5,
};

/**
 * A Message's status only moves forward (queued → sending → sent → delivered → read);
 * failed may follow any state but itself (design.md: "failed from any"). The one step back,
 * `sending` → `queued`, is taken only when the upstream provably never saw the message
 * (claim-sending.ts `release`, put-back.ts).
 */
export function canMoveTo(current: MessageStatus, next: MessageStatus): boolean {
  if (next === "failed") return current !== "failed";
  if (current === "failed") return false;
  return RANK[next] > RANK[current];
}
