/**
 * The folder wall (docs/architecture.md), checked by `npm run lint` after .dependency-cruiser.cjs:
 * no loops between folders of lib/, components/ and app/. The file-level no-circular rule cannot
 * see one (lib/a/x.ts imports lib/b/y.ts while lib/b/z.ts imports lib/a/w.ts); this cruise reads
 * those trees as a graph of folders. Tests and their support are left out: they may make their
 * data through any domain. `npx tsx scripts/folder-graph.ts [lib|components|app]` prints that
 * graph with its import counts.
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
    {
      name: "no-component-folder-loops",
      severity: "error",
      comment:
        "components/ and app/ folders form no loops either (an area's folder imports areas below it, the frame in dashboard/ imports areas, never back). Move what both sides use to components/lib/ or components/ui/ (or a folder named for it), or pass a component as a prop.",
      scope: "folder",
      from: { path: "^(components|app)/" },
      to: { path: "^(components|app)/", circular: true },
    },
  ],
  options: { ...house.options, exclude: { path: [house.options.exclude.path, TESTS] } },
};
