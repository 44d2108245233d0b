// Every CSV the product writes goes through lib/csv/write-csv.ts (formula-safe cells, docs/security.md):
//
//   npx tsx scripts/test/csv-writers.ts           lists the files that bypass it
//   npx tsx scripts/test/csv-writers.ts --check   fails when one does (npm run lint)
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { csvBypassesIn } from "@/lib/csv/test-support";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const bypasses = csvBypassesIn(root);
for (const b of bypasses) console.error(`${b.file}:${b.line}: ${b.rule}`);
if (process.argv.includes("--check")) process.exit(bypasses.length > 0 ? 1 : 0);
console.log(`${bypasses.length} files write CSV outside lib/csv/write-csv.ts`);
