import { ApiError } from "@/lib/api/errors";
import { UpstreamError } from "@/lib/cloud-api/graph-error";

/**
 * A Flows API failure in our catalog. Codes from Meta's Flows error codes
 * (https://developers.facebook.com/docs/whatsapp/flows/reference/error-codes): 139001 (can't be
 * updated), 139002 (publishing in an invalid state), 139003 (deprecating), 139004 (deleting) are
 * the Flow's state, which Meta may have moved (its health monitoring throttles and blocks):
 * RESOURCE_INVALID_STATE; 100 "Flow name is not unique": RESOURCE_ALREADY_EXISTS. Meta's error
 * object is passed on unchanged in details.error, as for sends.
 */
export function flowUpstreamError(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const { failure } = error;
  if (failure.kind !== "rejected") {
    return new ApiError(
      "WHATSAPP_SEND_FAILED",
      "The WhatsApp upstream could not be reached or did not answer.",
      {
        error: { message: failure.message },
      },
    );
  }
  const meta = failure.error;
  const text = `${meta.message} ${meta.error_data?.details ?? ""}`;
  if (meta.code >= 139001 && meta.code <= 139004)
    return new ApiError(
      "RESOURCE_INVALID_STATE",
      `Meta refused: ${meta.error_data?.details ?? meta.message}`,
      {
        error: meta,
      },
    );
  if (meta.code === 100 && /not unique/i.test(text))
    return new ApiError(
      "RESOURCE_ALREADY_EXISTS",
      "A Flow with this name exists on the channel's WhatsApp Business Account.",
      {
        field: "name",
        error: meta,
      },
    );
  return new ApiError("WHATSAPP_SEND_FAILED", `Meta refused the request: ${meta.message}`, { error: meta });
}
