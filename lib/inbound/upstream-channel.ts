import "#server-only";
import { createHash } from "node:crypto";
import { config } from "@/lib/config";

/**
 * The PostgreSQL channel on which the web announces stored upstream notifications to the
 * workers (NOTIFY in the statement that stores them; lib/inbound/listen-upstream.ts listens).
 * It is named after REDIS_URL: the workers woken are those that share the web's queues, as a
 * queued job reached them before, so two installations (or a test's own stack) on one database
 * but with their own Redis do not take each other's notifications.
 */
export function upstreamChannel(): string {
  const scope = createHash("sha256").update(config().REDIS_URL).digest("hex").slice(0, 16);
  return `upstream_${scope}`;
}
