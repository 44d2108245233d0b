import "#server-only";
import { db } from "@/lib/db";
import { type Event, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `events` table (docs/architecture.md "Repositories"), first part: every function takes the
 * organization first and reads and writes only that organization's rows. `client` lets a caller's
 * transaction hold the statement. Not yet here (scripts/lib/tenancy-list.ts): the outbox
 * statements (`outbox-sql.ts`, `record-event.ts`'s callers) and the retention sweeper.
 */

type Client = Prisma.TransactionClient;

/** One event of the organization created at or after `since`, with its deliveries, or null. */
export function findEvent(organizationId: string, id: string, since: Date) {
  return db().event.findFirst({
    where: { id, organizationId, createdAt: { gte: since } },
    include: { deliveries: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
}

/** Where one event of the organization sits in the list's order, or null. */
export function findEventPlace(
  organizationId: string,
  id: string,
): Promise<{ id: string; createdAt: Date } | null> {
  return db().event.findFirst({ where: { id, organizationId }, select: { id: true, createdAt: true } });
}

/**
 * The organization's events created at or after `since`, newest first, of one `type` if given,
 * strictly after a time or an event's place if given; `total` is counted up to `countCap`. Both
 * reads walk the index events(organization_id, [name,] created_at DESC, id DESC) from the newest
 * end, so a page costs the same at 10 million events as at 10.
 */
export async function listEventRows(
  organizationId: string,
  q: {
    since: Date;
    type?: string;
    after?: { at: Date; id?: string };
    limit: number;
    offset: number;
    countCap: number;
  },
): Promise<{ events: Event[]; total: number }> {
  const after = !q.after
    ? Prisma.empty
    : q.after.id
      ? Prisma.sql`AND (created_at, id) > (${q.after.at}, ${q.after.id}::uuid)`
      : Prisma.sql`AND created_at > ${q.after.at}`;
  const where = Prisma.sql`organization_id = ${organizationId}::uuid AND created_at >= ${q.since}
    ${q.type ? Prisma.sql`AND name = ${q.type}` : Prisma.empty} ${after}`;
  const [rows, counted] = await Promise.all([
    db().$queryRaw<{ id: string; organization_id: string; name: string; data: unknown; created_at: Date }[]>`
      SELECT id, organization_id, name, data, created_at FROM events WHERE ${where}
      ORDER BY created_at DESC, id DESC
      LIMIT ${q.limit} OFFSET ${q.offset}`,
    db().$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM (SELECT 1 FROM events WHERE ${where} LIMIT ${q.countCap}) capped`,
  ]);
  const events = rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    name: r.name,
    data: r.data as Prisma.JsonValue,
    createdAt: r.created_at,
  }));
  return { events, total: counted[0]?.total ?? 0 };
}

/** An event written by hand (not through the outbox), in the caller's transaction. */
export function insertEvent(
  organizationId: string,
  row: { name: string; data: Prisma.InputJsonValue; createdAt: Date },
  client: Client,
): Promise<Event> {
  return client.event.create({ data: { ...row, organizationId } });
}

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
export function redactMessageEvents(
  organizationId: string,
  message: { id: string; createdAt: Date },
  deletedAt: Date,
  client: Client,
): Promise<number> {
  const since = new Date(message.createdAt.getTime() - MARGIN_MS);
  return client.$executeRaw`
    UPDATE events
    SET data = data || jsonb_build_object('content', '{}'::jsonb, 'deletedAt', ${deletedAt.toISOString()}::text)
    WHERE organization_id = ${organizationId}::uuid
      AND created_at >= ${since}
      AND data->>'messageId' = ${message.id}
      AND jsonb_exists(data, 'content')`;
}
