/**
 * The dashboard's client, counted (docs/architecture.md, "Dashboard routes"): `/api/dashboard`
 * URL strings and `fetchJson` calls (each a `fetchJson<T>` cast) in components/ and the dashboard
 * pages outside the typed client (components/lib/dashboard-client.ts, which calls fetchJson once,
 * and components/lib/fetch-json.ts, which defines it), and the pairs of list functions that do one
 * job for /v1 and for the dashboard.
 *
 *   npx tsx scripts/dashboard-client-counts.ts [root]   prints the counts (of another checkout too)
 *   npx tsx scripts/dashboard-client-counts.ts --check  fails when a component calls a dashboard
 *                                                       route around the typed client (npm run lint)
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const check = process.argv.includes("--check");
const root = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? ".";
const CLIENT = new Set(["components/lib/dashboard-client.ts", "components/lib/fetch-json.ts"]);
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

const offenders: string[] = [];
let urls = 0;
let casts = 0;
for (const path of ["components", "app/(dashboard)"].flatMap((dir) => files(join(root, dir)))) {
  const file = relative(root, path);
  if (CLIENT.has(file)) continue;
  const text = readFileSync(path, "utf8");
  const u = (text.match(/["'`]\/api\/dashboard/g) ?? []).length;
  const c = (text.match(/\bfetchJson\s*[<(]/g) ?? []).length;
  urls += u;
  casts += c;
  if (u + c > 0) offenders.push(`${file}: ${u} URL strings, ${c} fetchJson calls`);
}
const pairs = PAIRS.filter(([a, b]) => existsSync(join(root, a)) && existsSync(join(root, b))).length;

if (check) {
  if (offenders.length > 0) {
    process.stderr.write(
      `Call dashboard routes through components/lib/dashboard-client.ts (callDashboard, dashboardUrl):\n${offenders.map((o) => `  ${o}`).join("\n")}\n`,
    );
    process.exit(1);
  }
} else {
  console.log(`"/api/dashboard URL strings in components: ${urls}`);
  console.log(`fetchJson<T> calls in components: ${casts}`);
  console.log(`pairs of list functions (/v1 and dashboard) for one resource: ${pairs}`);
}
