import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { findConversationWithChannel } from "@/lib/conversations/repository/conversations";
import { type ConversationOwner, changeConversationOwner } from "@/lib/conversations/repository/owner";
import type {
  PassTarget,
  ThreadAction,
  ThreadControlResult,
} from "@/lib/conversations/thread-control-schemas";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Take, release or pass a conversation under Meta's conversation routing through the Thread
 * Control API (POST /{phone_number_id}/thread_control, "Thread Control (Cloud API)",
 * https://developers.facebook.com/documentation/meta-business-agent/reference/operate/thread-control-cloud-api).
 * Meta decides; on its 200 the conversation's owner is set (`conversation.owner_changed`, reason
 * take/release/pass): Meta sends the resulting `messaging_handovers` to the other responder, not
 * to the caller ("messaging_handovers webhook reference"), so its answer is all we hear.
 * A release names no new owner: the conversation is the other responder's until the customer's
 * next message reaches us on `messages` (lib/inbound/…: it is ours again then).
 *
 * Meta's refusals, as the product decided to read them (the sandbox answers the same, see
 * sandbox/control/thread-control.ts): 2494191 (thread control not permitted: not the escalation
 * partner, already the owner, not the owner, routing not active) → 409 RESOURCE_INVALID_STATE;
 * 131047 (the customer's 24-hour window is closed) → 400 WHATSAPP_SESSION_CLOSED; anything else
 * → 502 WHATSAPP_SEND_FAILED. Meta's error object is passed on in `details.error`.
 * Scoped to the organization: another organization's conversation id is a 404.
 */
export async function controlThread(
  organizationId: string,
  rawId: string,
  action: ThreadAction,
  options: { target?: PassTarget; metadata?: string } = {},
): Promise<ThreadControlResult> {
  const notFound = () =>
    new ApiError("RESOURCE_NOT_FOUND", "No such conversation.", { field: "id", hint: "a conversation id" });
  if (!UUID.test(rawId)) throw notFound();
  const conversation = await findConversationWithChannel(organizationId, rawId);
  if (!conversation) throw notFound();
  const { channel, contact } = conversation;
  if (channel?.status !== "active") {
    throw new ApiError(
      "WHATSAPP_CHANNEL_NOT_FOUND",
      "The conversation's channel is not active; its thread cannot be controlled.",
      { field: "id" },
    );
  }
  const customer = contact.phone
    ? { to: contact.phone.replace(/^\+/, "") }
    : contact.bsuid
      ? { recipient: contact.bsuid }
      : null;
  if (!customer) {
    throw new ApiError("RESOURCE_INVALID_STATE", "The contact has neither a number nor a user id.", {
      field: "id",
    });
  }
  const body: Record<string, unknown> = { messaging_product: "whatsapp", ...customer, action };
  if (options.metadata !== undefined) body.metadata = options.metadata;
  // Meta's pass goes to the escalation partner unless control_pass names the ai_agent role
  if (action === "pass" && options.target !== "escalation_partner") {
    body.control_pass = { target_role: "ai_agent" };
  }
  try {
    await graphRequest(channel, `${channel.phoneNumberId}/thread_control`, { method: "POST", body });
  } catch (error) {
    throw refusal(error, action);
  }
  const owner: ConversationOwner =
    action === "take"
      ? { owner: "us", appId: null }
      : { owner: "other", appId: action === "pass" ? (options.target ?? "ai_agent") : null };
  const changed = await changeConversationOwner(organizationId, {
    conversationId: conversation.id,
    owner,
    reason: action,
  });
  await enqueueDeliveries(changed.deliveryIds);
  return {
    conversationId: conversation.id,
    contactId: conversation.contactId,
    channelId: channel.id,
    owner: owner.owner,
    ownerAppId: owner.appId,
    changed: changed.changed,
  };
}

function refusal(error: unknown, action: ThreadAction): ApiError {
  if (!(error instanceof UpstreamError)) throw error;
  const f = error.failure;
  if (f.kind !== "rejected") {
    return new ApiError(
      f.maybeSent ? "SERVER_SERVICE_UNAVAILABLE" : "WHATSAPP_SEND_FAILED",
      f.maybeSent
        ? "The WhatsApp upstream did not answer in time; the thread control may have happened. Look at the conversation's owner before retrying."
        : "The WhatsApp upstream could not be reached; nothing changed.",
      { error: { message: f.maybeSent ? "upstream timeout" : "upstream unreachable" } },
    );
  }
  const upstream = f.error;
  if (upstream.code === 2494191) {
    const hint =
      action === "take"
        ? "only the number's escalation partner can take a thread, and only one another responder owns"
        : "only the thread's current owner can release or pass it";
    return new ApiError("RESOURCE_INVALID_STATE", `WhatsApp does not permit this ${action}: ${hint}.`, {
      error: upstream,
      hint,
    });
  }
  if (upstream.code === 131047) {
    return new ApiError(
      "WHATSAPP_SESSION_CLOSED",
      "The customer has not written in the last 24 hours: WhatsApp moves only a thread whose window is open.",
      { error: upstream, hint: "send a template; the customer's answer opens the window" },
    );
  }
  return new ApiError("WHATSAPP_SEND_FAILED", "WhatsApp refused the thread control.", { error: upstream });
}
