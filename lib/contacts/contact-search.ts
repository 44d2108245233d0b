import { Prisma } from "@/lib/generated/prisma/client.ts";

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The contacts search condition shared by GET /v1/contacts and the dashboard: name, phone or
 * e-mail anywhere (one trigram index over the three, migration contact_search), a username
 * anywhere, with or without its "@" (trigram index contacts_username_trgm_idx), or a
 * business-scoped user id exactly (the unique index). PostgreSQL ORs the three indexes.
 */
export function contactSearchSql(search: string): Prisma.Sql {
  const username = search.replace(/^@/, "");
  return Prisma.sql`((coalesce(name,'') || ' ' || coalesce(phone,'') || ' ' || coalesce(email,'')) ILIKE ${likePattern(search)}
    OR username ILIKE ${likePattern(username)} OR bsuid = ${search})`;
}
