import "#server-only";
import { touchChannel } from "@/lib/channels/touch-channel";
import { UpstreamError, type UpstreamFailure } from "@/lib/cloud-api/graph-error";
import { type Pacing, postSend, type UpstreamApi } from "@/lib/cloud-api/post-send";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { noteMarketingApi } from "@/lib/messages/note-upstream-api";
import { broadcastRetry } from "@/lib/messages/send-policy";
import { claimMany } from "@/lib/messages/transitions/claim-sending";
import { markFailed } from "@/lib/messages/transitions/mark-failed";
import { markBatchSent } from "@/lib/messages/transitions/mark-sent";
import { putBack } from "@/lib/messages/transitions/put-back";

type Outcome = { id: string; wamid?: string; api?: UpstreamApi; pacing?: Pacing; failure?: UpstreamFailure };

/**
 * How many messages one `sending` claim takes. A message claimed `sending` whose request never
 * left (the worker killed between the two) cannot be told from one the upstream took, so it is
 * never sent again: the 10-minute reconciler fails it (lib/messages/sweep-sends.ts). The batch is
 * therefore claimed in groups, each group's requests started as soon as its claim returns and
 * before the next group is claimed: a kill leaves at most one group claimed without its requests
 * (the rest of the batch is still `queued`, and sweep-broadcasts.ts makes it due again), instead
 * of the whole batch. A claim per message (marking each just before its request) would narrow it
 * to one, at a statement per message: a fifth of the 0.4 ms of CPU a broadcast message may cost
 * (docs/benchmarks.md); recording the attempt before the request is the same statement under
 * another name. 25 costs four statements for a 100-message batch.
 */
const CLAIM_GROUP = 25;

/**
 * A batch of a broadcast's messages to the upstream, each at most once: the send path's own
 * `sending` claim (one statement per CLAIM_GROUP of the batch), `biz_opaque_callback_data` in every body, and
 * its records of `sent` (one statement for the batch, with message.sent events) and `failed`;
 * the recipients follow through the trigger of migration broadcasts. Refusals that provably
 * sent nothing put the recipient back for later instead of failing it (lib/messages/send-policy.ts); an answer that may hide
 * a send leaves the message `sending` for the status notifications or the 10-minute reconciler.
 * Answers whether the upstream said 130429 (the caller slows the channel down).
 */
export async function sendBroadcastBatch(channel: Channel, ids: string[]): Promise<{ throttled: boolean }> {
  const sends: Promise<Outcome>[] = [];
  for (let i = 0; i < ids.length; i += CLAIM_GROUP) {
    const group = ids.slice(i, i + CLAIM_GROUP);
    const claims = await claimMany(channel.organizationId, group);
    // every request of the group leaves now, before the next group is claimed
    group.forEach((id, j) => {
      const claimed = claims[j];
      if (claimed) sends.push(post(channel, id, claimed.cloud, claimed.api ?? "messages"));
    });
  }
  const outcomes = await Promise.all(sends);
  await recordSent(
    channel,
    outcomes.flatMap((o) => (o.wamid ? [{ messageId: o.id, wamid: o.wamid, pacing: o.pacing ?? null }] : [])),
  );
  await noteMarketingApi(
    channel.organizationId,
    outcomes.flatMap((o) => (o.wamid && o.api === "marketing_messages" ? [o.id] : [])),
  );
  const settled = await Promise.all(
    outcomes.flatMap((o) => (o.failure ? [settle(channel.organizationId, o.id, o.failure)] : [])),
  );
  return { throttled: settled.includes("throttled") };
}

async function post(channel: Channel, id: string, cloud: unknown, api: UpstreamApi): Promise<Outcome> {
  try {
    // a MARKETING template on a channel with the Marketing Messages API goes there (post-send.ts)
    const sent = await postSend(channel, cloud, api);
    return { id, wamid: sent.wamid, api: sent.api, pacing: sent.pacing };
  } catch (error) {
    if (error instanceof UpstreamError) return { id, failure: error.failure };
    logger.warn({ messageId: id, err: String(error) }, "broadcast send in doubt");
    return { id };
  }
}

/**
 * The upstream has them: from here nothing may fail the batch. Recorded in one statement,
 * retried; if the database stays away, the status notifications (biz_opaque_callback_data) settle them.
 */
async function recordSent(
  channel: Channel,
  sent: { messageId: string; wamid: string; pacing: Pacing }[],
): Promise<void> {
  if (sent.length === 0) return;
  touchChannel(channel.organizationId, channel.id).catch(() => undefined);
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      await markBatchSent(channel.organizationId, sent);
      return;
    } catch (err) {
      logger.warn(
        { count: sent.length, attempt, err: String(err) },
        "could not record sent broadcast messages",
      );
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

/** What the send policy (lib/messages/send-policy.ts) says a broadcast does with this refusal. */
async function settle(
  organizationId: string,
  messageId: string,
  f: UpstreamFailure,
): Promise<"throttled" | "later" | "failed" | "unknown" | "taken"> {
  const { kind, rule } = broadcastRetry(f);
  if (kind === "in-doubt") return "unknown";
  if (rule) {
    const tries = await putBack(organizationId, messageId, rule.backoff);
    if (tries === null) return "taken";
    if (tries < rule.tries) return kind === "throttled" ? "throttled" : "later";
  }
  await markFailed(organizationId, messageId, f);
  return "failed";
}
