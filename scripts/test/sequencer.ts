import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The line a test file's header carries when the file is among the slowest (docs/development.md). */
export const SLOW_MARK = "Why it is slow";

/**
 * The order vitest hands files to its workers: longest first, so that no long file starts near
 * the end and finishes the run alone while the other worker idles. Vitest knows durations only
 * from the results cache of an earlier run on this checkout (none in a clean clone, as CI runs),
 * so the files whose header says why they are slow go first whatever the cache says, then the
 * other integration files (the cache's order, else the largest first), then the unit files, which
 * take seconds each and fill the gaps at the end (those sharing one module graph last).
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      if (isMarkedSlow(spec.moduleId)) return 0;
      if (spec.project.name.startsWith("integration")) return 1;
      // the shared-graph unit files last: one worker runs them back to back without restarting
      return spec.project.config.isolate ? 2 : 3;
    };
    // Array.prototype.sort is stable: each rank keeps the base sequencer's order
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

function isMarkedSlow(file: string): boolean {
  try {
    return readFileSync(file, "utf8").slice(0, 4_000).includes(SLOW_MARK);
  } catch {
    return false;
  }
}
