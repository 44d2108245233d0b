import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every repository path the docs name exists (issue 35 item 4: docs/architecture.md named files
 * that had moved). Read: README.md, docs/*.md and sandbox/README.md; a path is a code span
 * starting with one of the repository's top folders, or a relative Markdown link.
 */
const TOP = [
  "app",
  "lib",
  "scripts",
  "components",
  "worker",
  "sandbox",
  "e2e",
  "prisma",
  "sdk",
  "deploy",
  "docs",
];
/** named but made by a build, never committed */
const BUILT = new Set(["sdk/dist"]);

const root = process.cwd();
const docs = [
  "README.md",
  "sandbox/README.md",
  ...readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

function namedPaths(file: string): { path: string; base: string }[] {
  const text = readFileSync(join(root, file), "utf8");
  const out: { path: string; base: string }[] = [];
  const span = new RegExp(`\`((?:${TOP.join("|")})/[A-Za-z0-9_\\-./\\[\\]()@]+)\``, "g");
  for (const m of text.matchAll(span))
    out.push({ path: (m[1] as string).replace(/[.,:;]+$/, ""), base: root });
  // relative links: [text](path) or [text](path#anchor), resolved against the document's folder
  for (const m of text.matchAll(/\]\(((?!https?:|mailto:|#)[^)\s]+)\)/g)) {
    const path = (m[1] as string).split("#")[0] as string;
    if (path) out.push({ path, base: join(root, file, "..") });
  }
  return out.filter((p) => !/[*{}<>…]/.test(p.path));
}

describe("paths named in the docs", () => {
  it.each(docs)("%s names only paths that exist", (file) => {
    const missing = namedPaths(file)
      .filter((p) => !BUILT.has(p.path) && !existsSync(join(p.base, p.path)))
      .map((p) => p.path);
    expect(missing).toEqual([]);
  });
});
