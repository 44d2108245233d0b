import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The folder wall of `npm run deps` (.dependency-cruiser-folders.cjs) run on a small tree of its
 * own: a loop between two folders of lib/, of components/ or of app/ is an error even when no
 * file imports itself back, and a folder that only imports one below it is not.
 */
const folderRules: { forbidden: unknown[] } = createRequire(import.meta.url)(
  "../../.dependency-cruiser-folders.cjs",
);

const tree: Record<string, string> = {
  // lib/c ↔ lib/d through different files
  "lib/c/one.ts": 'export { two } from "../d/two";\n',
  "lib/c/four.ts": "export const four = 4;\n",
  "lib/d/two.ts": "export const two = 2;\n",
  "lib/d/three.ts": 'export { four } from "../c/four";\n',
  // components/a ↔ components/b (the shape of deliveries ↔ webhooks)
  "components/a/view.tsx": 'export { useB } from "../b/use-b";\n',
  "components/a/use-a.ts": "export const useA = 1;\n",
  "components/b/use-b.ts": "export const useB = 2;\n",
  "components/b/view.tsx": 'export { useA } from "../a/use-a";\n',
  // an area above a shared folder: no loop
  "components/e/view.tsx": 'export { cx } from "../ui/cx";\n',
  "components/ui/cx.ts": "export const cx = 1;\n",
  // app/ ↔ components/ through a page and a component that reaches back
  "app/p/page.tsx": 'export { shell } from "../../components/f/shell";\n',
  "app/p/nav.ts": "export const nav = 1;\n",
  "components/f/shell.tsx": 'export { nav } from "../../app/p/nav";\nexport const shell = 1;\n',
};

const root = mkdtempSync(join(tmpdir(), "folder-loops-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function violations(): Promise<{ rule: string; from: string; to: string }[]> {
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const result = await cruise(["lib", "components", "app"], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: folderRules.forbidden } as never,
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === "string") throw new Error("expected a cruise result");
  return result.output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe(".dependency-cruiser-folders.cjs", () => {
  it("fails on a loop of lib/ folders, of components/ folders and between app/ and components/, and on nothing else", async () => {
    const found = await violations();
    const loops = (rule: string) =>
      new Set(found.filter((v) => v.rule === rule).flatMap((v) => [v.from, v.to]));
    expect(loops("no-folder-loops")).toEqual(new Set(["lib/c", "lib/d"]));
    expect(loops("no-component-folder-loops")).toEqual(
      new Set(["components/a", "components/b", "app/p", "components/f"]),
    );
  }, 60_000);
});
