import { ALL_EVENTS_CHOICE, type EventName } from "@/lib/events/names";
import type { EventDataInput } from "@/lib/events/payloads";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * `jsonb_build_object(...) AS event_data` for the SQL paths, one SQL expression per field of the
 * event's declared `data` (lib/events/payloads.ts): the type names every field, required or
 * optional, of that schema and no other, so the SQL cannot drift from the published schema.
 */
export function eventDataSql<N extends EventName>(
  _name: N,
  fields: { [K in keyof EventDataInput<N>]: Prisma.Sql | OmitNull },
): Prisma.Sql {
  const entries = Object.entries(fields as Record<string, Prisma.Sql | OmitNull>);
  const pair = ([key, value]: [string, Prisma.Sql]) => Prisma.sql`${key}::text, ${value}`;
  const always = entries.flatMap(([k, v]) => (v instanceof OmitNull ? [] : [pair([k, v])]));
  const optional = entries.flatMap(([k, v]) => (v instanceof OmitNull ? [pair([k, v.sql])] : []));
  const data = Prisma.sql`jsonb_build_object(${Prisma.join(always)})`;
  return optional.length === 0
    ? Prisma.sql`${data} AS event_data`
    : Prisma.sql`${data} || jsonb_strip_nulls(jsonb_build_object(${Prisma.join(optional)})) AS event_data`;
}

/** An optional field of the data: left out of the payload where its value is NULL. */
export class OmitNull {
  constructor(readonly sql: Prisma.Sql) {}
}

export const omitNull = (sql: Prisma.Sql) => new OmitNull(sql);

/**
 * The outbox's unscoped form, kept for the callers not yet moved to their repository
 * (lib/messages/transitions/ and lib/inbound/, scripts/lib/tenancy-list.ts), which do not yet
 * know the organizations of the rows they change. Every other caller uses lib/events/repository.ts's
 * `outboxSql` and `withEventSql`, the same statement with the organization; once these callers pass
 * theirs, the two below go and so does this file's place on the ratchet. Same shape as there: keep
 * the two alike until then.
 */
/**
 * What an all-events webhook receives: the running code's non-opt-in names, so an event declared
 * after the webhook was saved reaches it too, while opt-in ones (and the dashboard's test event,
 * which is no declared name) do not.
 */
const ALL_EVENTS_SQL = Prisma.sql`ARRAY[${Prisma.join(ALL_EVENTS_CHOICE)}]::text[]`;

export function outboxSql(
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
    [Prisma.sql`src AS (${src})`],
    Prisma.sql`SELECT organization_id, ${eventName} AS event_name, event_data FROM src`,
    at,
    [Prisma.sql`(SELECT count(*)::int FROM src) AS changed`, ...perRow],
  );
}

export type OutboxResult = { changed: number; delivery_ids: string[] };

/** What `withEventSql` answers with a `refKey`. */
export type OutboxPerRowResult = OutboxResult & {
  changed_refs: string[];
  deliveries_by_ref: [string, string][];
};
