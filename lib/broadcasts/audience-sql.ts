import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * A placeholder's value for one row of the audience statement (lib/broadcasts/store-broadcast.ts),
 * as SQL over its columns: the contact's (`a.name`, `a.custom_fields`, …) and the inline
 * recipient's variables (`a.vars`). Blank counts as missing. Keys are bound as parameters.
 */
function valueSql(key: string): Prisma.Sql {
  const [scope, field, ...rest] = key.split(".");
  const name = [field, ...rest].join(".");
  let expr: Prisma.Sql;
  if (scope === "variables") expr = Prisma.sql`a.vars ->> ${name}::text`;
  else if (field === "custom_fields") expr = Prisma.sql`a.custom_fields ->> ${rest.join(".")}::text`;
  else if (field === "name") expr = Prisma.sql`a.name`;
  else if (field === "email") expr = Prisma.sql`a.email`;
  else expr = Prisma.sql`a.phone`;
  return Prisma.sql`nullif(btrim(${expr}), '')`;
}

/** `jsonb_build_array(value of each key)`: a recipient's values, frozen at creation. */
export function valuesSql(keys: readonly string[]): Prisma.Sql {
  if (keys.length === 0) return Prisma.sql`NULL::jsonb`;
  return Prisma.sql`jsonb_build_array(${Prisma.join(keys.map(valueSql))})`;
}

/** True for a row lacking a value that has no fallback somewhere (skipped: missing_variable). */
export function missingSql(required: readonly string[]): Prisma.Sql {
  if (required.length === 0) return Prisma.sql`false`;
  return Prisma.sql`(${Prisma.join(
    required.map((key) => Prisma.sql`${valueSql(key)} IS NULL`),
    " OR ",
  )})`;
}
