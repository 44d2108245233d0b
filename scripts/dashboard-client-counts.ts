/**
 * The dashboard's untyped client, counted (docs/architecture.md, "Dashboard routes"):
 * `/api/dashboard` URL strings and `fetchJson<…>` casts in components/ and the dashboard pages,
 * and the pairs of list functions that do one job for /v1 and for the dashboard.
 * `npx tsx scripts/dashboard-client-counts.ts`
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const ROOTS = ["components", "app/(dashboard)"];
const PAIRS: [string, string][] = [
  ["lib/contacts/list-contacts.ts", "lib/contacts/list-contacts-page.ts"],
  ["lib/templates/list-templates.ts", "lib/templates/list-org-templates.ts"],
  ["lib/channels/list-channels.ts", "lib/channels/list-channel-rows.ts"],
  ["lib/webhooks/list-webhooks.ts", "lib/webhooks/webhook-rows.ts"],
  ["lib/webhooks/list-deliveries.ts", "lib/webhooks/list-org-deliveries.ts"],
];

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".test.ts") ? [path] : [];
  });
}

let urls = 0;
let casts = 0;
for (const file of ROOTS.flatMap(files)) {
  if (file === "components/lib/dashboard-client.ts") continue;
  const text = readFileSync(file, "utf8");
  urls += (text.match(/["'`]\/api\/dashboard/g) ?? []).length;
  casts += (text.match(/fetchJson</g) ?? []).length;
}
const pairs = PAIRS.filter(([a, b]) => existsSync(a) && existsSync(b)).length;
console.log(`"/api/dashboard URL strings in components: ${urls}`);
console.log(`fetchJson<T> casts in components: ${casts}`);
console.log(`pairs of list functions (/v1 and dashboard) for one resource: ${pairs}`);
