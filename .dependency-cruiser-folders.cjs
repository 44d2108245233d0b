/**
 * The folder wall (docs/architecture.md), checked by `npm run lint` after .dependency-cruiser.cjs:
 * no loops between lib/ folders. The file-level no-circular rule cannot see one (lib/a/x.ts imports
 * lib/b/y.ts while lib/b/z.ts imports lib/a/w.ts); this cruise reads lib/ as a graph of folders.
 * Tests and their support are left out: they may make their data through any domain.
 * `npx tsx scripts/folder-graph.ts` prints that graph with its import counts.
 */
const house = require("./.dependency-cruiser.cjs");

const TESTS = "\\.test\\.ts$|/test-support\\.ts$";

module.exports = {
  forbidden: [
    {
      name: "no-folder-loops",
      severity: "error",
      comment:
        "lib/ folders form no loops: a folder that imports another is below it, never beside it. Move what closes the loop to the folder it serves (or a lower one).",
      scope: "folder",
      from: { path: "^lib/" },
      to: { path: "^lib/", circular: true },
    },
  ],
  options: { ...house.options, exclude: { path: [house.options.exclude.path, TESTS] } },
};
