import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import type { Channel } from "@/lib/generated/prisma/client.ts";

type CloudAnswer = { messages?: { id?: string }[] };

/** The Graph edge a send goes to: the Cloud API's /messages, or the Marketing Messages API. */
export type UpstreamApi = "messages" | "marketing_messages";

/** Meta's answer when the business has not accepted the Marketing Messages API's terms. */
const NOT_ONBOARDED = 131055;

/**
 * POSTs a send body to the upstream. A MARKETING template of a channel with the Marketing
 * Messages API setting goes to `/{phone_number_id}/marketing_messages` with
 * `product_policy: "CLOUD_API_FALLBACK"` (v23 `sendMarketingMessage`): Meta delivers it through
 * the Cloud API when the message cannot go through the Marketing Messages API. Should Meta still
 * refuse because the number was never onboarded (131055), nothing was sent and the same body goes
 * to `/messages`. Answers the wamid and the edge that accepted it.
 */
export async function postSend(
  channel: Channel,
  cloud: unknown,
  api: UpstreamApi,
): Promise<{ wamid: string | undefined; api: UpstreamApi }> {
  const messages = `${channel.phoneNumberId}/messages`;
  if (api === "marketing_messages" && cloud !== null && typeof cloud === "object") {
    try {
      const answer = await graphRequest<CloudAnswer>(channel, `${channel.phoneNumberId}/marketing_messages`, {
        method: "POST",
        body: { ...cloud, product_policy: "CLOUD_API_FALLBACK" },
      });
      return { wamid: answer.messages?.[0]?.id, api };
    } catch (error) {
      const f = error instanceof UpstreamError ? error.failure : null;
      if (f?.kind !== "rejected" || f.error.code !== NOT_ONBOARDED) throw error;
    }
  }
  const answer = await graphRequest<CloudAnswer>(channel, messages, { method: "POST", body: cloud });
  return { wamid: answer.messages?.[0]?.id, api: "messages" };
}
