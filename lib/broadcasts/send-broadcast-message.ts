import "#server-only";
import { type Backoff, putBack } from "@/lib/broadcasts/put-back";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { claim, fail, recordSent } from "@/lib/messages/deliver-to-upstream";
import { graphRequest } from "@/lib/whatsapp/graph-client";
import { UpstreamError, type UpstreamFailure } from "@/lib/whatsapp/graph-error";

export type BroadcastSend = "sent" | "failed" | "later" | "throttled" | "unknown" | "taken";

type CloudAnswer = { messages?: { id?: string }[] };

/** How often a recipient may be put back, and when it is due again, per refusal. */
const RETRY: Record<"130429" | "131056" | "unreachable", { tries: number; backoff: Backoff }> = {
  // the channel slows down (lib/whatsapp/broadcast-throughput.ts); the recipient goes again soon
  "130429": { tries: 50, backoff: { baseMs: 1_000, growth: 1, capMs: 1_000 } },
  // too many messages to this one customer: Meta allows about one every 6 seconds
  "131056": { tries: 8, backoff: { baseMs: 6_000, growth: 2, capMs: 300_000 } },
  // the request never left: the upstream or the network is away
  unreachable: { tries: 10, backoff: { baseMs: 2_000, growth: 2, capMs: 60_000 } },
};

/**
 * One broadcast message to the upstream, at most once: the same `sending` claim as a single
 * send (a message already past `queued` is someone else's), `biz_opaque_callback_data` in the
 * body, and the same records of `sent` and `failed` (so the recipient follows through the
 * trigger of migration broadcasts). Refusals that provably sent nothing put the recipient back
 * for later instead of failing it; an answer that may hide a send leaves it `sending` for the
 * status notifications or the 10-minute reconciler to settle.
 */
export async function sendBroadcastMessage(channel: Channel, messageId: string): Promise<BroadcastSend> {
  const claimed = await claim(messageId);
  if (!claimed) return "taken";
  try {
    const answer = await graphRequest<CloudAnswer>(channel, `${channel.phoneNumberId}/messages`, {
      method: "POST",
      body: claimed.cloud,
    });
    const wamid = answer.messages?.[0]?.id;
    if (!wamid) return "unknown";
    await recordSent(messageId, channel.id, wamid);
    return "sent";
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return settle(messageId, error.failure);
  }
}

async function settle(messageId: string, f: UpstreamFailure): Promise<BroadcastSend> {
  if (f.kind === "timeout" || f.kind === "bad-response") return "unknown";
  const kind = f.kind === "unreachable" ? "unreachable" : String(f.error.code);
  if (kind === "130429" || kind === "131056" || kind === "unreachable") {
    const rule = RETRY[kind];
    const tries = await putBack({ messageId, backoff: rule.backoff });
    if (tries === null) return "taken";
    if (tries < rule.tries) return kind === "130429" ? "throttled" : "later";
  }
  await fail(messageId, f);
  return "failed";
}
