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
 * What lib/events/repository.ts's outbox statements (`outboxSql`, `withEventSql`, each scoped to
 * the organizations it is given) answer: the rows changed and the deliveries to enqueue.
 */
export type OutboxResult = { changed: number; delivery_ids: string[] };

/** What `withEventSql` answers with a `refKey`. */
export type OutboxPerRowResult = OutboxResult & {
  changed_refs: string[];
  deliveries_by_ref: [string, string][];
};
