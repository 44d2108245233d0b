import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { db, disconnectDb } from "@/lib/db";

/**
 * The fixture of the repositories' tenancy tests (docs/architecture.md "Repositories"):
 * organization `a`, whose rows the test makes, and organization `b`, which asks for them by their
 * ids and must find and change nothing. Called at the top of a test file, before its own hooks:
 * both organizations exist before the file's beforeAll runs (vitest runs "before" hooks in the
 * order they were registered) and are removed, with every row of theirs (by cascade), after its
 * afterAll, the database client then closed ("after" hooks run in reverse order).
 */
export function twoOrganizations(label: string): { readonly a: string; readonly b: string } {
  const ids = { a: "", b: "" };
  beforeAll(async () => {
    const tag = randomBytes(4).toString("hex");
    const [a, b] = await Promise.all(
      ["A", "B"].map((n) => db().organization.create({ data: { name: `${label} ${n} ${tag}` } })),
    );
    if (!a || !b) throw new Error("no organizations");
    ids.a = a.id;
    ids.b = b.id;
  });
  afterAll(async () => {
    await db().organization.deleteMany({ where: { id: { in: [ids.a, ids.b].filter((id) => id !== "") } } });
    await disconnectDb();
  });
  return ids;
}
