import type { Ctx } from "@/sandbox/context";
import { GraphError } from "@/sandbox/graph-error";
import { parseJson, type Reply, type SandboxRequest } from "@/sandbox/http";
import { handleSend, type MarketingSend } from "@/sandbox/send/send-message";
import { recordRequest } from "@/sandbox/state";

const POLICIES = new Set(["STRICT", "CLOUD_API_FALLBACK"]);

/**
 * POST /{version}/{phone_number_id}/marketing_messages (v23 `sendMarketingMessage`): the
 * messages body plus `product_policy` (STRICT | CLOUD_API_FALLBACK; STRICT when left out) and
 * `message_activity_sharing` (boolean). Marketing templates only; a number that has not accepted
 * the API's terms is refused (131055) or, with CLOUD_API_FALLBACK, served by the Cloud API.
 * Statuses are the usual ones; pricing says `marketing_lite` when the API delivered it.
 */
export async function sendMarketingMessage(
  ctx: Ctx,
  req: SandboxRequest,
  phoneNumberId: string,
): Promise<Reply> {
  const parsed = parseJson(req.rawBody);
  const entry = recordRequest(ctx.state, {
    id: null,
    phone_number_id: phoneNumberId,
    endpoint: "marketing_messages",
    body: parsed ?? req.rawBody.toString("utf8"),
    received_at: new Date().toISOString(),
    result: null,
    response: null,
  });
  try {
    const { body, marketing } = splitMarketing(parsed);
    const reply = await handleSend(ctx, req, phoneNumberId, body, entry, marketing);
    entry.result = reply.status;
    entry.response = "json" in reply ? reply.json : null;
    entry.delivered_via = marketing.via;
    return reply;
  } catch (error) {
    if (error instanceof GraphError) {
      entry.result = error.status;
      entry.response = error.body;
    }
    throw error;
  }
}

function splitMarketing(parsed: unknown): { body: unknown; marketing: MarketingSend } {
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return { body: parsed, marketing: { policy: "STRICT" } };
  }
  const { product_policy, message_activity_sharing, ...body } = parsed as Record<string, unknown>;
  // refused after the token is checked (handleSend), as Graph checks authorization first
  let invalid: string | undefined;
  if (product_policy !== undefined && (typeof product_policy !== "string" || !POLICIES.has(product_policy))) {
    invalid = "product_policy must be STRICT or CLOUD_API_FALLBACK.";
  } else if (message_activity_sharing !== undefined && typeof message_activity_sharing !== "boolean") {
    invalid = "message_activity_sharing must be a boolean.";
  }
  const policy = product_policy === "CLOUD_API_FALLBACK" ? "CLOUD_API_FALLBACK" : "STRICT";
  return { body, marketing: { policy, invalid } };
}
