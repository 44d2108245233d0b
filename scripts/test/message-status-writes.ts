// Every write of a message's status in lib/, worker/ and app/ (tests left out), and how many
// lie outside lib/messages/transitions/, the module that owns them (docs/architecture.md):
//
//   npx tsx scripts/test/message-status-writes.ts           lists them and counts
//   npx tsx scripts/test/message-status-writes.ts --check   fails when one lies outside (npm run lint)
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { statusWritesIn, TRANSITIONS_FOLDER } from "@/lib/messages/transitions/test-support";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const writes = statusWritesIn(root);
const outside = writes.filter((w) => !w.file.startsWith(TRANSITIONS_FOLDER));
const files = (ws: typeof writes) => new Set(ws.map((w) => w.file)).size;

if (process.argv.includes("--check")) {
  for (const w of outside) {
    console.error(`${w.file}:${w.line}: writes a message's status outside ${TRANSITIONS_FOLDER}`);
  }
  process.exit(outside.length > 0 ? 1 : 0);
}
for (const w of writes) console.log(`${w.file}:${w.line}  ${w.text}`);
console.log(
  `${writes.length} writes of a message's status in ${files(writes)} files; ` +
    `${outside.length} in ${files(outside)} files outside ${TRANSITIONS_FOLDER}`,
);
