/**
 * `npm run sdk:generate`: regenerates the SDK's document and types (sdk/openapi.json,
 * sdk/src/schema.ts) after any change to an endpoint or event declaration. sdk/src/drift.test.ts
 * fails while the committed files differ from what this writes.
 */
import { writeFileSync } from "node:fs";
import { sdkFiles } from "@/scripts/lib/sdk-files";

for (const [path, contents] of Object.entries(await sdkFiles())) {
  writeFileSync(path, contents);
  process.stdout.write(`wrote ${path} (${contents.length} bytes)\n`);
}
