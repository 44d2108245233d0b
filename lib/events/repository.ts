import "#server-only";
import { db, rawQuery } from "@/lib/db";
import { ALL_EVENTS_CHOICE, type EventName } from "@/lib/events/names";
import { type Event, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `events` table (docs/architecture.md "Repositories"): every function takes the organization
 * first and reads and writes only that organization's rows. `client` lets a caller's transaction
 * hold the statement. The outbox (the events and deliveries a change causes, written inside the
 * statement of that change) is at the end; the retention sweeper is an exception (docs/security.md).
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
    rawQuery<{ id: string; organization_id: string; name: string; data: unknown; created_at: Date }[]>`
      SELECT id, organization_id, name, data, created_at FROM events WHERE ${where}
      ORDER BY created_at DESC, id DESC
      LIMIT ${q.limit} OFFSET ${q.offset}`,
    rawQuery<{ total: number }[]>`
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

/**
 * A Flow's health events of the organization (`flow.health`, `flow.status_changed`, whose data name
 * the Flow's id) created at or after `since`, newest first: the index events(organization_id, name,
 * created_at DESC) walked for the two names only, which are rare beside the message events.
 */
export async function listFlowHealthEvents(
  organizationId: string,
  flowId: string,
  since: Date,
  limit: number,
): Promise<Pick<Event, "id" | "name" | "data" | "createdAt">[]> {
  const rows = await rawQuery<{ id: string; name: string; data: Prisma.JsonValue; created_at: Date }[]>`
    SELECT id, name, data, created_at FROM events
    WHERE organization_id = ${organizationId}::uuid AND name IN ('flow.health', 'flow.status_changed')
      AND created_at >= ${since} AND data ->> 'flowId' = ${flowId}
    ORDER BY created_at DESC, id DESC
    LIMIT ${limit}`;
  return rows.map((r) => ({ id: r.id, name: r.name, data: r.data, createdAt: r.created_at }));
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

/**
 * The organization of a statement's events: one, or for a statement that changes the rows of
 * several callers (group commit) each of theirs. Events of any other organization are not written.
 */
type Organizations = string | readonly string[];

function ofOrganizations(organizationId: Organizations): Prisma.Sql {
  return typeof organizationId === "string"
    ? Prisma.sql`organization_id = ${organizationId}::uuid`
    : Prisma.sql`organization_id = ANY (${[...new Set(organizationId)]}::uuid[])`;
}

/**
 * What an all-events webhook receives: the running code's non-opt-in names, so an event declared
 * after the webhook was saved reaches it too, while opt-in ones (and the dashboard's test event,
 * which is no declared name) do not.
 */
const ALL_EVENTS_SQL = Prisma.sql`ARRAY[${Prisma.join(ALL_EVENTS_CHOICE)}]::text[]`;

/**
 * The outbox, the one SQL shape every event is written with: `events`, a query over the CTEs
 * `ctes` (each `name AS (…)`, data-modifying or not) answering `organization_id`, `event_name`
 * and `event_data` jsonb per event, becomes one Event row each (of the organization only) and one
 * Delivery per subscribed active webhook of that organization, in the same statement as the change
 * that causes them, so all or none is written. Answers `delivery_ids` (to enqueue once committed)
 * and the `answers` columns, which may read the CTEs, `ev` (the events written) and `d` (their
 * deliveries).
 */
export function outboxSql(
  organizationId: Organizations,
  ctes: Prisma.Sql[],
  events: Prisma.Sql,
  at: Date,
  answers: Prisma.Sql[] = [],
): Prisma.Sql {
  return Prisma.sql`
    WITH ${Prisma.join([...ctes, Prisma.sql`new_events AS (${events})`], ",\n")},
    ev AS (
      INSERT INTO events (id, organization_id, name, data, created_at)
      SELECT gen_random_uuid(), organization_id, event_name, event_data, ${at} FROM new_events
      WHERE ${ofOrganizations(organizationId)}
      RETURNING id, organization_id, name, data
    ),
    d AS (
      INSERT INTO deliveries (id, organization_id, webhook_id, event_id, status, attempt_count, next_attempt_at, created_at, updated_at)
      SELECT 'wh_' || ${String(at.getTime())} || '_' || substr(md5(gen_random_uuid()::text), 1, 16),
             ev.organization_id, w.id, ev.id, 'pending', 0, ${at}, ${at}, ${at}
      FROM ev JOIN webhooks w
        ON w.organization_id = ev.organization_id AND w.status = 'active'
       AND (ev.name = ANY (w.events) OR (w.all_events AND ev.name = ANY (${ALL_EVENTS_SQL})))
      RETURNING id, event_id
    )
    SELECT ${Prisma.join([Prisma.sql`coalesce((SELECT array_agg(id) FROM d), ARRAY[]::text[]) AS delivery_ids`, ...answers])}`;
}

/**
 * The outbox for hot paths whose change is one data-modifying statement: `src` (which must
 * return `organization_id` and `event_data` jsonb) records event `name` per row it changed
 * (`name` an SQL expression over `src`, such as `src.event_name`, when rows differ).
 * Answers how many rows `src` changed and the delivery ids to enqueue; with `refKey` (a key of
 * `event_data`, such as `messageId`) also which rows changed and whose deliveries are whose,
 * for a statement that changes the rows of several callers (group commit).
 */
export function withEventSql(
  organizationId: Organizations,
  src: Prisma.Sql,
  name: EventName | Prisma.Sql,
  at: Date,
  refKey?: string,
): Prisma.Sql {
  const eventName = typeof name === "string" ? Prisma.sql`${name}::text` : name;
  const perRow = refKey
    ? [
        Prisma.sql`coalesce((SELECT array_agg(src.event_data ->> ${refKey}) FROM src), ARRAY[]::text[]) AS changed_refs`,
        Prisma.sql`coalesce((SELECT json_agg(json_build_array(ev.data ->> ${refKey}, d.id)) FROM d JOIN ev ON ev.id = d.event_id),
                    '[]'::json) AS deliveries_by_ref`,
      ]
    : [];
  return outboxSql(
    organizationId,
    [Prisma.sql`src AS (${src})`],
    Prisma.sql`SELECT organization_id, ${eventName} AS event_name, event_data FROM src`,
    at,
    [Prisma.sql`(SELECT count(*)::int FROM src) AS changed`, ...perRow],
  );
}
