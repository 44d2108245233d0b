import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sdkFiles } from "@/scripts/lib/sdk-files";

describe("the SDK is what the OpenAPI document generates", () => {
  it("sdk/openapi.json and sdk/src/schema.ts match `npm run sdk:generate`", async () => {
    for (const [path, contents] of Object.entries(await sdkFiles())) {
      const committed = existsSync(path) ? readFileSync(path, "utf8") : "";
      // not toBe: a 250 KB diff helps nobody; the message says what to run
      expect(committed === contents, `${path} is stale: run \`npm run sdk:generate\` and commit it`).toBe(
        true,
      );
    }
  });

  it("builds with its own tsconfig (what `npm run sdk:build` publishes)", () => {
    const out = mkdtempSync(join(tmpdir(), "sdk-build-"));
    try {
      const tsc = spawnSync("node_modules/.bin/tsc", ["-p", "sdk/tsconfig.json", "--outDir", out], {
        encoding: "utf8",
      });
      expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
      for (const file of ["index.js", "index.d.ts", "retry.js", "verify-webhook.js"]) {
        expect(existsSync(join(out, file)), file).toBe(true);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
