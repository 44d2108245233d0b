// Every query of a tenant table in lib/, worker/ and app/ (tests left out), by file, and how many
// files lie outside the repositories (docs/architecture.md "Repositories"):
//
//   npx tsx scripts/test/tenancy-touches.ts           lists the files outside and counts
//   npx tsx scripts/test/tenancy-touches.ts --stale   lists the ratchet's files that no longer touch one
// scripts/lib/tenancy-guard.test.ts (unit) is the check.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { REPOSITORY, touchesIn } from "@/scripts/lib/tenancy-guard";
import { NOT_YET_MOVED, TENANCY_EXCEPTIONS } from "@/scripts/lib/tenancy-list";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const touches = touchesIn(root);
const byFile = new Map<string, Set<string>>();
for (const t of touches) byFile.set(t.file, (byFile.get(t.file) ?? new Set()).add(`${t.how} ${t.table}`));

if (process.argv.includes("--stale")) {
  for (const f of [...NOT_YET_MOVED, ...Object.keys(TENANCY_EXCEPTIONS)]) if (!byFile.has(f)) console.log(f);
  process.exit(0);
}
const files = [...byFile.keys()];
const outside = files.filter((f) => !REPOSITORY.test(f));
const sql = (fs: string[]) =>
  fs.filter((f) => [...(byFile.get(f) ?? [])].some((h) => h.startsWith("sql"))).length;
for (const f of outside) console.log(`${f}  ${[...(byFile.get(f) ?? [])].join(", ")}`);
console.log(
  `${files.length} files touch a tenant table (${sql(files)} in SQL); ${files.length - outside.length} repositories; ` +
    `${outside.length} outside (${sql(outside)} in SQL): ${Object.keys(TENANCY_EXCEPTIONS).length} exceptions, ` +
    `${NOT_YET_MOVED.length} not yet moved`,
);
