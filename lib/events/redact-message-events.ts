import "#server-only";
import type { Tx } from "@/lib/events/record-event";

/** Events about a message are written after it was stored; the margin absorbs clocks that disagree. */
const MARGIN_MS = 24 * 60 * 60 * 1000;

/**
 * A message deleted for everyone: the events that carried what it said (`message.inbound`,
 * `message.edited`, `message.sent` of the Business app, any event with `content` about it) keep
 * their ids and fields but say nothing more: `content` becomes `{}` and `deletedAt` is added,
 * as GET /v1/whatsapp/messages/{id} shows the message. The stored event is rewritten, so
 * every later read serves the redacted form: GET /v1/events, GET /v1/events/{id}, the dashboard,
 * retries, redeliveries and recoveries (deliveries are built from the stored event at each
 * attempt). Runs in the revoke's transaction.
 */
export async function redactMessageEvents(
  tx: Tx,
  organizationId: string,
  message: { id: string; createdAt: Date },
  deletedAt: Date,
): Promise<number> {
  const since = new Date(message.createdAt.getTime() - MARGIN_MS);
  return tx.$executeRaw`
    UPDATE events
    SET data = data || jsonb_build_object('content', '{}'::jsonb, 'deletedAt', ${deletedAt.toISOString()}::text)
    WHERE organization_id = ${organizationId}::uuid
      AND created_at >= ${since}
      AND data->>'messageId' = ${message.id}
      AND jsonb_exists(data, 'content')`;
}
