import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { webhookUrlProblem } from "@/lib/net/url-guard";

/**
 * Registration-time SSRF guard: answers the URL as we will call it (WHATWG-normalized), or
 * throws VALIDATION_INVALID_FIELD on `url` with a hint (non-HTTPS, private address, a name
 * resolving to one, or a name that does not resolve).
 */
export async function checkWebhookUrl(raw: string): Promise<string> {
  const problem = await webhookUrlProblem(raw, { allowLoopback: config().ALLOW_LOOPBACK_URLS });
  if (problem) {
    throw new ApiError("VALIDATION_INVALID_FIELD", `Invalid field url: ${problem}`, {
      field: "url",
      hint: problem,
    });
  }
  return new URL(raw).href;
}
