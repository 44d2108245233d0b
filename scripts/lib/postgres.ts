import { ensureDatabase } from "./database.ts";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";
import { log, message, StartError } from "./log.ts";
import { isListening } from "./ports.ts";
import type { Service } from "./service.ts";

const LOCAL_HOST = "127.0.0.1";
const LOCAL_PORT = 5432;

/**
 * DATABASE_URL when set; otherwise the PostgreSQL on the default local port (database `messaging`
 * unless named, created when missing); otherwise an embedded PostgreSQL with its data under .data/postgres.
 * START_PG_PROBE_PORT moves the local probe (to try the embedded path on a machine that has one).
 */
export async function resolveDatabase(root: string, database = "messaging"): Promise<Service> {
  const given = process.env.DATABASE_URL;
  if (given) {
    log.info(`PostgreSQL: DATABASE_URL (${redact(given)})`);
    return { url: given, stop: async () => {} };
  }
  const probePort = Number(process.env.START_PG_PROBE_PORT ?? LOCAL_PORT);
  if (await isListening(LOCAL_HOST, probePort)) {
    const url = `postgresql://postgres@${LOCAL_HOST}:${probePort}/${database}`;
    try {
      await ensureDatabase(url, { create: true });
    } catch (error) {
      throw new StartError(
        `PostgreSQL answers on ${LOCAL_HOST}:${probePort}, but ${url} is not usable: ${message(error)}\n` +
          "  Set DATABASE_URL to a database you can use (for example in .env.local),\n" +
          "  or stop that server so that the start command runs an embedded PostgreSQL instead.",
      );
    }
    log.info(`PostgreSQL: local server on ${LOCAL_HOST}:${probePort}, database "${database}"`);
    return { url, stop: async () => {} };
  }
  return startEmbeddedPostgres(root, database);
}

/** The URL without its password, for logs. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}
