import type { EventName } from "@/lib/events/names";
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
 * The outbox as one SQL statement, for hot paths: a data-modifying CTE named `src` (which must
 * return `organization_id` and `event_data` jsonb) is followed by the Event row and one Delivery
 * per subscribed active webhook, all in the same statement, so all or none is written. Answers
 * how many rows `src` changed and the delivery ids to enqueue; with `refKey` (a key of
 * `event_data`, such as `messageId`) also which rows changed and whose deliveries are whose,
 * for a statement that changes the rows of several callers (group commit).
 */
export function withEventSql(src: Prisma.Sql, name: EventName, at: Date, refKey?: string): Prisma.Sql {
  const perRow = refKey
    ? Prisma.sql`,
           coalesce((SELECT array_agg(src.event_data ->> ${refKey}) FROM src), ARRAY[]::text[]) AS changed_refs,
           coalesce((SELECT json_agg(json_build_array(ev.data ->> ${refKey}, d.id)) FROM d JOIN ev ON ev.id = d.event_id),
                    '[]'::json) AS deliveries_by_ref`
    : Prisma.empty;
  return Prisma.sql`
    WITH src AS (${src}),
    ev AS (
      INSERT INTO events (id, organization_id, name, data, created_at)
      SELECT gen_random_uuid(), src.organization_id, ${name}, src.event_data, ${at} FROM src
      RETURNING id, organization_id, data
    ),
    d AS (
      INSERT INTO deliveries (id, organization_id, webhook_id, event_id, status, attempt_count, next_attempt_at, created_at, updated_at)
      SELECT 'wh_' || ${String(at.getTime())} || '_' || substr(md5(random()::text || w.id), 1, 16),
             ev.organization_id, w.id, ev.id, 'pending', 0, ${at}, ${at}, ${at}
      FROM ev JOIN webhooks w
        ON w.organization_id = ev.organization_id AND w.status = 'active' AND ${name} = ANY (w.events)
      RETURNING id, event_id
    )
    SELECT (SELECT count(*)::int FROM src) AS changed,
           coalesce((SELECT array_agg(id) FROM d), ARRAY[]::text[]) AS delivery_ids${perRow}`;
}

export type OutboxResult = { changed: number; delivery_ids: string[] };

/** What `withEventSql` answers with a `refKey`. */
export type OutboxPerRowResult = OutboxResult & {
  changed_refs: string[];
  deliveries_by_ref: [string, string][];
};
