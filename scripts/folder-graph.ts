// The folder graph of lib/ (or components/, or app/): which folder imports which, and the loops
// between folders that the file-level no-circular rule cannot see (a → b and b → a through
// different files).
//
//   npx tsx scripts/folder-graph.ts              # lib/
//   npx tsx scripts/folder-graph.ts components   # components/ (app/ likewise)
//
// Reads dependency-cruiser's JSON through .dependency-cruiser-folders.cjs, the cruise that checks
// the same wall in `npm run lint` (the repository's options: tsconfig paths, type-only imports
// included; tests and their support left out, as they may make data through any domain). A node is
// a folder right under the tree's root with everything below it (lib/messages holds
// lib/messages/transitions); a file at the root (lib/config.ts, components/hydration-mark.tsx) is
// a node of its own. Imports into other trees (components/ → lib/) are not edges here.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tree = z.enum(["lib", "components", "app"]).parse(process.argv[2] ?? "lib");

const cruiseResult = z.object({
  modules: z.array(
    z.object({ source: z.string(), dependencies: z.array(z.object({ resolved: z.string() })) }),
  ),
});

/** `<tree>/<folder>` for a file in a folder, the file itself at the tree's root, null outside it. */
function nodeOf(path: string): string | null {
  if (!path.startsWith(`${tree}/`)) return null;
  const match = /^[^/]+\/([^/]+)(\/)?/.exec(path);
  if (!match) return null;
  return match[2] ? `${tree}/${match[1]}` : path;
}

function cruise(): z.infer<typeof cruiseResult> {
  const run = spawnSync(
    join(root, "node_modules/.bin/depcruise"),
    [tree, "--config", ".dependency-cruiser-folders.cjs", "--output-type", "json"],
    { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`depcruise printed nothing: ${run.stderr}`);
  return cruiseResult.parse(JSON.parse(run.stdout));
}

/** Tarjan's strongly connected components; the ones of more than one folder are the loops. */
function loops(nodes: string[], next: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === node ? undefined : stack.pop()) {
      component.push(top);
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

const imports = new Map<string, number>();
const next = new Map<string, Set<string>>();
const nodes = new Set<string>();
for (const module of cruise().modules) {
  const from = nodeOf(module.source);
  if (!from) continue;
  nodes.add(from);
  for (const dependency of module.dependencies) {
    const to = nodeOf(dependency.resolved);
    if (!to || to === from || to === "lib/generated") continue;
    const edge = `${from} → ${to}`;
    imports.set(edge, (imports.get(edge) ?? 0) + 1);
    next.set(from, (next.get(from) ?? new Set()).add(to));
  }
}

for (const [edge, count] of [...imports].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${edge}  ${count}`);
}
const found = loops([...nodes].sort(), next);
console.log(
  `\n${nodes.size} nodes, ${imports.size} edges, ${[...imports.values()].reduce((a, b) => a + b, 0)} imports`,
);
console.log(`${found.length} folder loops${found.length ? ":" : ""}`);
for (const component of found) {
  const inside = [...imports].filter(([edge]) => {
    const [from, to] = edge.split(" → ");
    return component.includes(from ?? "") && component.includes(to ?? "");
  });
  console.log(`  ${component.join(", ")}: ${inside.map(([edge, n]) => `${edge} (${n})`).join(", ")}`);
}
