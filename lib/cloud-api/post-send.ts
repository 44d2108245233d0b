import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import type { Channel } from "@/lib/generated/prisma/client.ts";

type CloudAnswer = { messages?: { id?: string; message_status?: string }[] };

/**
 * Meta's template pacing: the send answer of a marketing or utility template may carry
 * `messages[0].message_status` = `accepted` | `held_for_quality_assessment` | `paused`
 * (v23 OpenAPI's send response; "Template pacing",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/template-pacing).
 * A held message is sent once Meta has a good quality signal, or dropped (a `failed` status,
 * 132015) on a bad one. No page says what follows a `paused` answer: the product treats it like a
 * held message (accepted, not sent until a status says otherwise). `accepted` and an absent
 * value are a plain acceptance.
 */
export type Pacing = "held" | "paused" | null;

function pacingOf(answer: CloudAnswer): Pacing {
  const status = answer.messages?.[0]?.message_status;
  if (status === "held_for_quality_assessment") return "held";
  if (status === "paused") return "paused";
  return null;
}

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
 * to `/messages`. Answers the wamid, the edge that accepted it and the template's pacing.
 */
export async function postSend(
  channel: Channel,
  cloud: unknown,
  api: UpstreamApi,
): Promise<{ wamid: string | undefined; api: UpstreamApi; pacing: Pacing }> {
  const messages = `${channel.phoneNumberId}/messages`;
  if (api === "marketing_messages" && cloud !== null && typeof cloud === "object") {
    try {
      const answer = await graphRequest<CloudAnswer>(channel, `${channel.phoneNumberId}/marketing_messages`, {
        method: "POST",
        body: { ...cloud, product_policy: "CLOUD_API_FALLBACK" },
      });
      return { wamid: answer.messages?.[0]?.id, api, pacing: pacingOf(answer) };
    } catch (error) {
      const f = error instanceof UpstreamError ? error.failure : null;
      if (f?.kind !== "rejected" || f.error.code !== NOT_ONBOARDED) throw error;
    }
  }
  const answer = await graphRequest<CloudAnswer>(channel, messages, { method: "POST", body: cloud });
  return { wamid: answer.messages?.[0]?.id, api: "messages", pacing: pacingOf(answer) };
}
