// Runs `prisma generate` (the local CLI) without the native schema engine.
//
// The engine binary is downloaded from Prisma's own server at install time, which fails here, and
// `prisma generate` refuses to start unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file (it
// only checks that the file exists; generation itself needs no engine). So, unless a real engine is
// available, point that variable at a stub that explains itself if anything ever executes it.
// Migrations go through scripts/migrate.ts (the WebAssembly engine) instead.
//
// Used by the `postinstall` and `db:generate` npm scripts; needs no DATABASE_URL.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const STUB_SCRIPT = `#!/bin/sh
echo "The native Prisma schema engine is not installed (this is a stub made by scripts/prisma-generate.ts)." >&2
echo "Use npm run db:migrate / npm run db:migration -- <name> (scripts/migrate.ts) instead." >&2
exit 1
`;

/** A native schema engine that Prisma's own download step may have put in place. */
function findNativeEngine(): string | undefined {
  const dir = join(root, "node_modules", "@prisma", "engines");
  if (!existsSync(dir)) return undefined;
  const name = readdirSync(dir).find((file) => file.startsWith("schema-engine-"));
  return name === undefined ? undefined : join(dir, name);
}

function ensureStubEngine(): string {
  const dir = join(root, "node_modules", ".cache", "prisma-no-engine");
  const file = join(dir, "schema-engine");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, STUB_SCRIPT);
    chmodSync(file, 0o755);
  }
  return file;
}

function schemaEngineBinary(): string {
  const configured = process.env.PRISMA_SCHEMA_ENGINE_BINARY;
  if (configured !== undefined && configured !== "" && existsSync(resolve(root, configured))) {
    return configured;
  }
  return findNativeEngine() ?? ensureStubEngine();
}

const prismaBin = join(root, "node_modules", ".bin", "prisma");
if (!existsSync(prismaBin)) {
  console.error(`prisma-generate: ${prismaBin} not found; run npm install first`);
  process.exit(1);
}

const result = spawnSync(prismaBin, ["generate"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    CHECKPOINT_DISABLE: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    PRISMA_SCHEMA_ENGINE_BINARY: schemaEngineBinary(),
  },
});

if (result.error !== undefined) {
  console.error(`prisma-generate: could not run ${prismaBin}: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
