import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Tenancy by construction (issue 35 item 2, docs/architecture.md "Repositories"): a tenant table
 * is read and written only by its resource's repository, whose every function takes the
 * organization first. This finds who else touches one; `tenancy-guard.test.ts` holds the line.
 */

export type TenantTable = { model: string; accessor: string; table: string };
export type Touch = { file: string; line: number; table: string; how: "prisma" | "sql" };

/** Where product code lives; tests and their support may make any row. */
const SCANNED = ["lib", "worker", "app"];
const SKIPPED = /\.test\.tsx?$|\/test-support\.ts$|^lib\/generated\//;

/**
 * A repository module: `lib/<resource>/repository.ts`, or a file of `lib/<resource>/repository/`;
 * and a file of `lib/messages/transitions/`, the one writer of a message's status
 * (scripts/test/message-status-writes.ts holds that in lint), whose statements are the hot send and
 * status paths: it is the messages' repository for those writes, held to the same rule (the
 * organization first, in every statement) rather than split into rules here and SQL elsewhere.
 */
export const REPOSITORY = /^lib\/(?:[^/]+\/repository(?:\.ts|\/[^/]+\.ts)|messages\/transitions\/[^/]+\.ts)$/;

const PRISMA_METHODS = [
  "findFirst",
  "findFirstOrThrow",
  "findUnique",
  "findUniqueOrThrow",
  "findMany",
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
  "count",
  "aggregate",
  "groupBy",
].join("|");

/**
 * The models that carry `organizationId`, read from the schema (never typed by hand), with the
 * client's accessor (`ContactTag` → `contactTag`) and the table (`@@map`, else the model's name).
 */
export function tenantTables(schema: string): TenantTable[] {
  const out: TenantTable[] = [];
  for (const m of schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const [, model = "", body = ""] = m;
    if (!/^\s*organizationId\s/m.test(body)) continue;
    const table = /@@map\("([^"]+)"\)/.exec(body)?.[1] ?? model;
    out.push({ model, accessor: model[0]?.toLowerCase() + model.slice(1), table });
  }
  return out;
}

/** The text without comments, same length and lines (so indexes still point at lines). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, " "));
}

/**
 * Where one file's text touches a tenant table: a Prisma model call on any client (`db().contact.`,
 * `tx.contact.`, `prisma.contact.`: matched on the accessor and method, so a new name for the
 * client is caught too), or SQL naming the table after FROM, JOIN, INTO, UPDATE, USING or TABLE
 * (the house writes SQL keywords in capitals). A table reached through a relation (`include`, a
 * nested write) or SQL built from strings at run time escapes it: a guard, not a proof.
 */
export function findTouches(file: string, source: string, tables: TenantTable[]): Touch[] {
  const text = withoutComments(source);
  const line = (index: number) => text.slice(0, index).split("\n").length;
  const touches: Touch[] = [];
  const byAccessor = new Map(tables.map((t) => [t.accessor, t.table]));
  const prisma = new RegExp(
    `\\.\\s*(${[...byAccessor.keys()].join("|")})\\s*\\.\\s*(?:${PRISMA_METHODS})\\s*\\(`,
    "g",
  );
  for (const m of text.matchAll(prisma)) {
    touches.push({ file, line: line(m.index), table: byAccessor.get(m[1] ?? "") ?? "", how: "prisma" });
  }
  const sql = new RegExp(
    `\\b(?:FROM|JOIN|INTO|UPDATE|USING|TABLE)\\s+(?:ONLY\\s+)?"?(${tables.map((t) => t.table).join("|")})\\b`,
    "g",
  );
  for (const m of text.matchAll(sql))
    touches.push({ file, line: line(m.index), table: m[1] ?? "", how: "sql" });
  return touches.sort((a, b) => a.line - b.line);
}

/** Every touch of a tenant table in the product's source files under `root`. */
export function touchesIn(root: string): Touch[] {
  const tables = tenantTables(readFileSync(join(root, "prisma/schema.prisma"), "utf8"));
  return SCANNED.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
      .map((f) => `${dir}/${f}`)
      .filter((f) => /\.tsx?$/.test(f) && !SKIPPED.test(f))
      .sort()
      .flatMap((f) => findTouches(f, readFileSync(join(root, f), "utf8"), tables)),
  );
}

/**
 * A repository's exported functions that do not take the organization first
 * (`export [async] function name(organizationId: string, …)`), and exported functions made by a
 * call (`export const claim = groupCommit(…)`), whose parameters this cannot read: such a one is
 * wrapped in a function that takes the organization first.
 */
export function functionsWithoutOrganization(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^export\s+(?:async\s+)?function\s+(\w+)\s*(?:<[^(]*>)?\(\s*([\w$]*)/gm)) {
    if (m[2] !== "organizationId") out.push(m[1] ?? "");
  }
  for (const m of source.matchAll(/^export\s+const\s+(\w+)\s*=\s*(?:async\s*)?\(\s*([\w$]*)/gm)) {
    if (m[2] !== "organizationId") out.push(m[1] ?? "");
  }
  for (const m of source.matchAll(
    /^export\s+const\s+(\w+)\s*=\s*(?!async\b)[\w$.]+\s*(?:<[^\n]*?>)?\s*\(/gm,
  )) {
    out.push(m[1] ?? "");
  }
  return out;
}
