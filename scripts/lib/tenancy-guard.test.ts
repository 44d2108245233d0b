import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  findTouches,
  functionsWithoutOrganization,
  REPOSITORY,
  tenantTables,
  touchesIn,
} from "./tenancy-guard";
import { NOT_YET_MOVED, TENANCY_EXCEPTIONS } from "./tenancy-list";

const root = process.cwd();
const schema = readFileSync(join(root, "prisma/schema.prisma"), "utf8");
const tables = tenantTables(schema);
const touches = touchesIn(root);
const touching = new Set(touches.map((t) => t.file));
const listed = (file: string) => file in TENANCY_EXCEPTIONS || NOT_YET_MOVED.includes(file);

describe("a tenant table is queried only by its resource's repository (issue 35 item 2)", () => {
  it("no file outside a repository touches one unless it is listed (scripts/lib/tenancy-list.ts)", () => {
    const outside = touches.filter((t) => !REPOSITORY.test(t.file) && !listed(t.file));
    expect(
      outside.map((t) => `${t.file}:${t.line} ${t.how} ${t.table}: move it into the resource's repository`),
    ).toEqual([]);
  });

  it("the ratchet only shrinks: a listed file that no longer touches a tenant table comes off the list", () => {
    const stale = [...NOT_YET_MOVED, ...Object.keys(TENANCY_EXCEPTIONS)].filter((f) => !touching.has(f));
    expect(stale).toEqual([]);
    expect(NOT_YET_MOVED.filter((f) => f in TENANCY_EXCEPTIONS || REPOSITORY.test(f))).toEqual([]);
    expect(new Set(NOT_YET_MOVED).size).toBe(NOT_YET_MOVED.length);
  });

  it("every exception says why, and docs/security.md lists it", () => {
    const security = readFileSync(join(root, "docs/security.md"), "utf8");
    for (const [file, why] of Object.entries(TENANCY_EXCEPTIONS)) {
      expect(why.length, file).toBeGreaterThan(20);
      expect(security, file).toContain(`\`${file}\``);
    }
  });

  it("every exported function of a repository takes the organization first and uses it", () => {
    const repositories = [...touching].filter((f) => REPOSITORY.test(f));
    for (const file of repositories) {
      const source = readFileSync(join(root, file), "utf8");
      expect(functionsWithoutOrganization(source), file).toEqual([]);
    }
  });
});

describe("the guard is not blind", () => {
  it("reads the tenant tables from the schema, with their accessors and @@map names", () => {
    const byModel = new Map(tables.map((t) => [t.model, t]));
    expect(byModel.get("Contact")).toEqual({ model: "Contact", accessor: "contact", table: "contacts" });
    expect(byModel.get("UsageDaily")?.table).toBe("usage_daily");
    expect(byModel.get("BroadcastRecipient")?.accessor).toBe("broadcastRecipient");
    // the tenant itself and rows without an organization of their own are not tenant tables
    expect(byModel.has("Organization")).toBe(false);
    expect(byModel.has("UpstreamNotification")).toBe(false);
    // every model with organizationId, counted from the schema's text another way
    const withOrg = schema.split(/^model /m).filter((b) => /^\s*organizationId\s/m.test(b)).length;
    expect(tables).toHaveLength(withOrg);
  });

  it("finds Prisma calls on any client and SQL naming a tenant table, and not comments", () => {
    const found = (source: string) =>
      findTouches("x.ts", source, tables).map((t) => `${t.line} ${t.how} ${t.table}`);
    expect(found("await db().contact.findFirst({ where: { id } });")).toEqual(["1 prisma contacts"]);
    expect(found("tx.webhook\n  .updateMany({ where: { id }, data })")).toEqual(["1 prisma webhooks"]);
    expect(found("prisma.broadcastRecipient.count()")).toEqual(["1 prisma broadcast_recipients"]);
    expect(
      found("db().$queryRaw`SELECT 1\n  FROM deliveries d JOIN webhooks w ON w.id = d.webhook_id`"),
    ).toEqual(["2 sql deliveries", "2 sql webhooks"]);
    expect(found('tx.$executeRaw`UPDATE "messages" SET x = 1`; q`INSERT INTO usage_daily (a)`')).toEqual([
      "1 sql messages",
      "1 sql usage_daily",
    ]);
    // a comment, an error's message, a table that is not a tenant's, a CTE of the same prefix
    expect(found("// reads FROM contacts\n/* UPDATE webhooks */ error.message.trim()")).toEqual([]);
    expect(found("q`SELECT * FROM upstream_notifications`; q`FROM contacts_seen`")).toEqual([]);
  });

  it("fails on a new file outside the repositories (what the first test would print)", () => {
    const file = "lib/contacts/new-feature.ts";
    const source =
      'import { db } from "@/lib/db";\nexport const f = (id: string) => db().contact.delete({ where: { id } });';
    const outside = findTouches(file, source, tables).filter(
      (t) => !REPOSITORY.test(t.file) && !listed(t.file),
    );
    expect(outside).toEqual([{ file, line: 2, table: "contacts", how: "prisma" }]);
    // the same lines in a repository pass
    expect(REPOSITORY.test("lib/users/repository.ts")).toBe(true);
    expect(REPOSITORY.test("lib/webhooks/repository/deliveries.ts")).toBe(true);
    expect(REPOSITORY.test("lib/webhooks/repository/deep/x.ts")).toBe(false);
    // the messages' status writer is one too (and only its own files)
    expect(REPOSITORY.test("lib/messages/transitions/mark-sent.ts")).toBe(true);
    expect(REPOSITORY.test("lib/messages/transitions/deep/x.ts")).toBe(false);
    expect(REPOSITORY.test("lib/messages/mark-read.ts")).toBe(false);
    expect(REPOSITORY.test("lib/inbound/transitions/x.ts")).toBe(false);
  });

  it("tells a repository function that does not take the organization first", () => {
    const source = [
      "export async function getThing(organizationId: string, id: string) {}",
      "export function listThings<T>(organizationId: string) {}",
      "export async function deleteThing(id: string) {}",
      "export const countThings = async (where: unknown) => 0;",
      "export const findThing = async (organizationId: string, id: string) => null;",
      "function helper(id: string) {}",
      // a function made by a call hides its parameters; a constant that is no function does not count
      "export const putThing = groupCommit<{ id: string; at: Date }, number | null>(async (items) => []);",
      "export const THING_COLUMNS = Prisma.sql`id, name`;",
      'export const LIMITS = { code: "x" } as const;',
    ].join("\n");
    expect(functionsWithoutOrganization(source)).toEqual(["deleteThing", "countThings", "putThing"]);
  });
});
