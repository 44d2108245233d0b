import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[] };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith(".cpuprofile") ? [path] : [];
  });
}

/**
 * The functions that took the most CPU in each process's V8 profiles (BENCH_CPU_PROF=<dir>,
 * one folder per process), by self time: what the send rate is spent on.
 */
export function printProfiles(dir: string, top = 12): void {
  let folders: string[];
  try {
    folders = readdirSync(dir).filter((f) => statSync(join(dir, f)).isDirectory());
  } catch {
    return;
  }
  for (const folder of folders) {
    const self = new Map<string, number>();
    let total = 0;
    for (const file of files(join(dir, folder))) {
      const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
      const interval = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length) / 1000;
      for (const node of profile.nodes) {
        const ms = (node.hitCount ?? 0) * interval;
        const where = node.callFrame.url
          .replace(/^.*node_modules\//, "")
          .replace(/^file:\/\/.*\/wt-\d+\//, "");
        const key = `${node.callFrame.functionName || "(anonymous)"} ${where}:${node.callFrame.lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + ms);
        total += ms;
      }
    }
    console.log(`\nV8 profile of ${folder}: ${(total / 1000).toFixed(1)} s sampled; top self time:`);
    for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`  ${((ms / Math.max(total, 1)) * 100).toFixed(1).padStart(5)} %  ${key.slice(0, 140)}`);
    }
  }
}
