// Prisma migrations without the native schema engine (see scripts/lib/schema-engine.ts).
//
//   tsx scripts/migrate.ts apply           (npm run db:migrate)    apply pending migrations to DATABASE_URL
//   tsx scripts/migrate.ts create <name>   (npm run db:migration -- <name>)
//       write prisma/migrations/<utc yyyyMMddHHmmss>_<name>/ with the SQL that takes the schema
//       of the newest migration to prisma/schema.prisma
//
// Hand-written migrations (SQL that Prisma's schema cannot express, such as expression indexes)
// are folders like any other: copy the previous folder's schema.prisma beside their migration.sql
// so that the next `create` diffs from the right schema. A CREATE/DROP INDEX CONCURRENTLY goes alone in
// its file: the file is sent as one query, which PostgreSQL runs as one transaction when it holds
// several statements, and CONCURRENTLY refuses a transaction (docs/development.md).
import { realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { ensureDatabase, MigrateError } from "./lib/database.ts";
import {
  nextTimestamp,
  readLatestSnapshot,
  readMigrationList,
  writeMigration,
} from "./lib/migrations-dir.ts";
import { loadRuntimeEnv } from "./lib/runtime-env.ts";
import { NO_FILTERS, withSchemaEngine } from "./lib/schema-engine.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const schemaPath = join(root, "prisma", "schema.prisma");
const migrationsDir = join(root, "prisma", "migrations");

// The engine connects at start-up even for a diff; `create` falls back to the local server.
const DEFAULT_CREATE_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

// The "before" side of the first migration: a schema with no models. (Diffing from the engine's
// `empty` target would also emit CREATE SCHEMA "public".)
const EMPTY_SCHEMA = 'datasource db {\n  provider = "postgresql"\n}\n';

async function withPool<T>(connectionString: string, fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString });
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

/**
 * Applies every migration of prisma/migrations not yet recorded in the database's
 * `_prisma_migrations` table (creating the database first if needed). Returns the names applied.
 */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  if (databaseUrl === "") throw new MigrateError("DATABASE_URL is not set");
  await ensureDatabase(databaseUrl, { create: true });
  const migrationsList = await readMigrationList(migrationsDir);
  const output = await withPool(databaseUrl, (pool) =>
    withSchemaEngine(pool, (engine) => engine.applyMigrations({ migrationsList, filters: NO_FILTERS })),
  ).catch((error: unknown) => {
    throw new MigrateError(engineMessage(error), { cause: error });
  });
  return output.appliedMigrationNames;
}

// Engine errors end with a Rust span trace ("   0: sql_schema_connector::…"); the lines before it
// say what failed (for a failed migration: its name and the database's error).
function engineMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split("\n");
  const trace = lines.findIndex((line) => /^\s+\d+: /.test(line));
  const summary = (trace === -1 ? lines : lines.slice(0, trace)).join("\n").trim();
  const failed = /migration_name="([^"]+)"/.exec(message)?.[1];
  return failed === undefined ? summary : `migration ${failed} failed: ${summary}`;
}

function migrationName(raw: string): string {
  const name = raw
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
  if (name === "") throw new MigrateError("usage: npm run db:migration -- <name>  (letters, digits, _)");
  return name;
}

/** Writes a new migration folder and returns its path, or undefined when nothing changed. */
export async function createMigration(rawName: string, databaseUrl: string): Promise<string | undefined> {
  const name = migrationName(rawName);
  const schema = await readFile(schemaPath, "utf8");
  const snapshot = await readLatestSnapshot(migrationsDir);
  if (snapshot !== undefined && snapshot.newerWithoutSnapshot.length > 0) {
    console.warn(
      `warning: ${snapshot.newerWithoutSnapshot.join(", ")} has no schema.prisma copy; diffing from ${snapshot.migration}'s`,
    );
  }
  const connectionString = await ensureDatabase(databaseUrl, { create: false }).catch((error: unknown) => {
    if (!(error instanceof MigrateError)) throw error;
    throw new MigrateError(`${error.message} (the engine needs a server even for a diff; set DATABASE_URL)`);
  });
  const diff = await withPool(connectionString, (pool) =>
    withSchemaEngine(pool, (engine) =>
      engine.diff({
        from: {
          tag: "schemaDatamodel",
          files: [{ path: "schema.prisma", content: snapshot?.schema ?? EMPTY_SCHEMA }],
        },
        to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schema }] },
        script: true,
        // With exitCode set the engine answers 2 when the diff is not empty, 0 when it is.
        exitCode: true,
        filters: NO_FILTERS,
      }),
    ),
  );
  if (diff.exitCode === 0 || diff.stdout === null) return undefined;
  const folder = `${await nextTimestamp(migrationsDir, new Date())}_${name}`;
  return writeMigration(migrationsDir, folder, diff.stdout, schema);
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === "apply") {
    // beside a running `npm start`: its database, unless DATABASE_URL says otherwise
    loadRuntimeEnv(root);
    const applied = await applyMigrations(process.env.DATABASE_URL ?? "");
    for (const name of applied) console.log(`applied ${name}`);
    console.log(applied.length === 0 ? "no pending migrations" : `${applied.length} migration(s) applied`);
    return;
  }
  if (command === "create") {
    const dir = await createMigration(rest.join("_"), process.env.DATABASE_URL ?? DEFAULT_CREATE_URL);
    console.log(dir === undefined ? "no changes" : relative(process.cwd(), join(dir, "migration.sql")));
    return;
  }
  throw new MigrateError("usage: tsx scripts/migrate.ts apply | create <name>");
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return pathToFileURL(realpathSync(entry)).href === import.meta.url;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`error: ${message.trim()}`);
    process.exitCode = 1;
  });
}
