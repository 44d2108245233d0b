import "#server-only";
import { isUuid } from "@/lib/ids/uuid";
import type { UpstreamStatus } from "@/lib/inbound/notification-schema";
import { recipientCountry } from "@/lib/inbound/recipient-country";
import { findStatusMessage, type PrefetchedMessage } from "@/lib/inbound/status-message";
import { billableOf, statusPricing } from "@/lib/inbound/status-pricing";
import { applyUpstreamStatus } from "@/lib/messages/transitions/apply-upstream-status";
import type { ReportedStatus } from "@/lib/messages/transitions/plan-upstream-status";

const KNOWN: Record<string, ReportedStatus> = {
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "failed",
};

/**
 * A status notification of an outbound Message: the message it is about, found by wamid, or by
 * biz_opaque_callback_data (our message id) when a worker died before it could store the wamid,
 * moved forward with its message.<status> (lib/messages/transitions/apply-upstream-status.ts).
 * Only a message sent through a channel of the notification's number (`phoneNumberId`, the
 * change's metadata.phone_number_id) is ever found: biz_opaque_callback_data is whatever the
 * sender put there, and an organization that owns its WABA can send through the Graph API with
 * another organization's message id in it; Meta's signed status for that send names the
 * sender's number, so it moves nothing of ours in another organization (or on another number).
 * Duplicates and late, out-of-order statuses change nothing. With `notificationId` (the stored
 * notification held this status alone: soleItem, lib/inbound/sole-item.ts) its processed mark goes in the status's own statement.
 * `prefetched`: the message of the notification's sole status, read with the notification
 * (lib/inbound/process-notification.ts); used instead of a lookup when read by this status's reference.
 * Both reads are lib/inbound/status-message.ts's, before the organization is known: the message
 * found is what names it, and applyUpstreamStatus writes in it.
 * Answers the deliveries to enqueue and whether the notification was marked.
 */
export async function processStatus(
  status: UpstreamStatus,
  phoneNumberId: string | undefined,
  notificationId?: string,
  prefetched?: PrefetchedMessage | null,
  /**
   * it came on Meta's `standby` field: a status of the other responder's message. It moves only
   * a message of the other responder (stored from a standby echo), never one of ours, whatever
   * its wamid or biz_opaque_callback_data say (lib/inbound/process-standby.ts).
   */
  standby = false,
): Promise<{ deliveryIds: string[]; marked: boolean }> {
  const none = { deliveryIds: [], marked: false };
  const next = KNOWN[status.status];
  if (!next || !phoneNumberId) return none;
  const at = status.timestamp ? new Date(Number(status.timestamp) * 1000) : new Date();
  const opaque = status.biz_opaque_callback_data;

  // found before the write (applyUpstreamStatus decides from it): a status of no message of
  // ours costs no write, and lookups made together share a query. Read with the notification
  // when it held this status alone, by the same rule: a miss there is no message of ours.
  // a uuid in any case names our message (RFC 9562: read case-insensitively); ours are lower case
  const ref = {
    wamid: status.id,
    opaque: opaque && isUuid(opaque) ? opaque.toLowerCase() : null,
    phoneNumberId,
  };
  const found =
    prefetched &&
    prefetched.ref.wamid === ref.wamid &&
    prefetched.ref.opaque === ref.opaque &&
    prefetched.ref.phoneNumberId === ref.phoneNumberId
      ? prefetched.message
      : await findStatusMessage(ref);
  if (!found) return none;
  if (standby && found.responder !== "other") return none;

  const reported = statusPricing(status);
  const report = {
    next,
    at,
    wamid: status.id,
    pricing: reported && {
      reported,
      billable: billableOf(reported),
      country: recipientCountry(found.phone, status.recipient_id),
    },
    error: status.errors?.[0],
  };
  return applyUpstreamStatus(found.organizationId, found, report, notificationId);
}
