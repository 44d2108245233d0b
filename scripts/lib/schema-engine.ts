// Prisma's schema engine compiled to WebAssembly (@prisma/schema-engine-wasm), talking to
// PostgreSQL through @prisma/adapter-pg. The native engine cannot be downloaded here, and
// `prisma migrate` needs it; this engine is the same code, so the migrations it writes and the
// `_prisma_migrations` rows it records are the ones `prisma migrate deploy` expects.
//
// Keep the package's version equal to the engine version of the installed `prisma` CLI
// (node_modules/@prisma/engines-version): the CLI bundles exactly that build.
import { readFile } from "node:fs/promises";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm/schema_engine_bg";
import * as wasmBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import pg from "pg";

export const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

let loading: Promise<void> | undefined;

// The engine waits at most 10 s for its advisory lock (SELECT pg_advisory_lock(72707369)) and
// never clears that timer, which kept every run alive 10 s after its work was done. The timers
// it sets only bound waits on database queries, which keep the process alive on their own.
function unrefTimers(setTimer: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
  return (...args) => {
    const timer = setTimer(...args);
    if (
      typeof timer === "object" &&
      timer !== null &&
      "unref" in timer &&
      typeof timer.unref === "function"
    ) {
      timer.unref();
    }
    return timer;
  };
}

// The package's entry point imports the .wasm file as an ES module, which Node 20 cannot do
// without a flag, so instantiate it by hand against the JS glue module.
function loadWasm(): Promise<void> {
  loading ??= (async () => {
    const glueUrl = import.meta.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = await readFile(new URL("./schema_engine_bg.wasm", glueUrl));
    const glue: WebAssembly.ModuleImports = { ...(wasmBindings as unknown as WebAssembly.ModuleImports) };
    for (const [name, value] of Object.entries(glue)) {
      if (name.startsWith("__wbg_setTimeout_") && typeof value === "function") {
        glue[name] = unrefTimers((...args) => Reflect.apply(value, undefined, args));
      }
    }
    const imports = { "./schema_engine_bg.js": glue };
    const { instance } = await WebAssembly.instantiate(bytes, imports);
    wasmBindings.__wbg_set_wasm(instance.exports);
    const start = instance.exports.__wbindgen_start;
    if (typeof start === "function") start();
  })();
  return loading;
}

type EngineLogLine = { level?: string; fields?: { message?: string } };

// The engine reports through this callback, one JSON line per event; INFO and below is noise.
function logEngineLine(line: string): void {
  let parsed: EngineLogLine;
  try {
    parsed = JSON.parse(line) as EngineLogLine;
  } catch {
    return;
  }
  if (parsed.level === "WARN" || parsed.level === "ERROR") {
    console.error(`schema engine ${parsed.level.toLowerCase()}: ${parsed.fields?.message ?? line}`);
  }
}

function toAdapterError(error: unknown): unknown {
  if (!(error instanceof pg.DatabaseError) || error.code === undefined) return error;
  return new DriverAdapterError({
    kind: "postgres",
    code: error.code,
    severity: error.severity ?? "ERROR",
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
    originalCode: error.code,
    originalMessage: error.message,
  });
}

// adapter-pg's executeScript splits the script on every ";" (even inside comments, strings and
// $$ bodies) and runs the pieces one by one on whatever pool connection is free, so a failing
// migration would be left half applied. Send the whole script as one simple-protocol query
// instead, as the native engine does: PostgreSQL runs it as a single implicit transaction.
function wholeScriptAdapter(adapter: SqlDriverAdapter, pool: pg.Pool): SqlDriverAdapter {
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    getConnectionInfo: () => adapter.getConnectionInfo?.() ?? { supportsRelationJoins: true },
    dispose: () => adapter.dispose(),
    executeScript: async (script) => {
      try {
        await pool.query(script);
      } catch (error) {
        throw toAdapterError(error);
      }
    },
  };
}

function adapterFactory(pool: pg.Pool): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaPg(pool);
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => wholeScriptAdapter(await base.connect(), pool),
    connectToShadowDb: () => base.connectToShadowDb(),
  };
}

/**
 * Runs `fn` with an engine connected through `pool`. The engine queries the server once at
 * start-up (version and schema existence), so the server must be reachable even for a diff
 * between two datamodels. The caller owns the pool and must end it: `applyMigrations` takes its
 * session advisory lock (which serializes concurrent runs) on a pooled connection and never
 * unlocks it, so the lock lasts until that connection closes.
 */
export async function withSchemaEngine<T>(
  pool: pg.Pool,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadWasm();
  const factory = bindMigrationAwareSqlAdapterFactory(adapterFactory(pool));
  const engine = await wasmBindings.SchemaEngine.new({ datamodels: undefined }, logEngineLine, factory);
  try {
    return await fn(engine);
  } finally {
    engine.free();
  }
}
