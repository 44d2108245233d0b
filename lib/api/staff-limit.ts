import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { consumeRateLimit, type RateLimitResult } from "@/lib/api/rate-limit";
import { config, type RateSetting } from "@/lib/config";

/** What the dashboard limits, besides what /v1 keys limit. */
export type StaffAction = "send" | "export";

const WHAT: Record<StaffAction, string> = {
  send: "Sending from the dashboard (replies, read receipts)",
  export: "Exporting contacts, broadcast results or Flow responses",
};

function settings(action: StaffAction): { user: RateSetting; organization: RateSetting } {
  const c = config();
  return action === "send"
    ? { user: c.DASHBOARD_SENDS_PER_USER, organization: c.DASHBOARD_SENDS_PER_ORGANIZATION }
    : { user: c.DASHBOARD_EXPORTS_PER_USER, organization: c.DASHBOARD_EXPORTS_PER_ORGANIZATION };
}

function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}

function refused(action: StaffAction, scope: string, limit: RateSetting, result: RateLimitResult): ApiError {
  const n = (v: number) => v.toLocaleString("en-US");
  return new ApiError(
    "RATE_LIMIT_EXCEEDED",
    `${WHAT[action]} is limited to ${n(limit.perMinute)} a minute and ${n(limit.perDay)} a day ${scope}; ` +
      `try again in ${wait(result.retryAfterSeconds)}.`,
    undefined,
    { "Retry-After": String(result.retryAfterSeconds) },
  );
}

/**
 * Counts one dashboard action against the staff member's limit, then the organization's, with
 * the same Redis windows as /v1 keys (a sliding minute, a sliding day; lib/api/rate-limit.ts).
 * Throws 429 RATE_LIMIT_EXCEEDED with Retry-After and a message saying which limit was reached.
 * The staff member is counted first: a refused request then costs only its sender's budget, so
 * one person cannot spend the whole organization's by trying again and again.
 */
export async function consumeStaffLimit(
  action: StaffAction,
  staff: { userId: string; organizationId: string },
): Promise<void> {
  const limits = settings(action);
  const user = await consumeRateLimit(
    `staff:${action}:u:${staff.userId}`,
    limits.user.perMinute,
    limits.user.perDay,
  );
  if (!user.allowed) throw refused(action, "per staff member", limits.user, user);
  const organization = await consumeRateLimit(
    `staff:${action}:o:${staff.organizationId}`,
    limits.organization.perMinute,
    limits.organization.perDay,
  );
  if (!organization.allowed) throw refused(action, "per organization", limits.organization, organization);
}
