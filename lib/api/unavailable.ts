/**
 * Recognizes errors that mean PostgreSQL or Redis is unreachable, anywhere in an error's
 * cause chain, so that the API answers 503 SERVER_SERVICE_UNAVAILABLE instead of 500.
 * Prisma's driver adapters wrap PostgreSQL's own error (e.g. 57P03 while it shuts down or
 * starts up, surfacing as P2039 or P2010) under `meta.driverAdapterError.cause`: followed too.
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "P1001",
  "P1002",
  "P1017",
  "53300", // too_many_connections
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (shutting down, starting up, in recovery)
  "57P05", // idle_session_timeout
  "08000",
  "08001",
  "08003",
  "08006",
]);

const MESSAGES = [
  "Connection is closed",
  "enableOfflineQueue",
  "connection terminated",
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Can't reach database server",
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "Client has encountered a connection error",
  "MaxRetriesPerRequestError",
  "Reached the max retries per request limit",
  "expired transaction",
  "Transaction already closed",
  "Server has closed the connection",
];

export function isUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (typeof current !== "object") return false;
    const e = current as {
      code?: unknown;
      message?: unknown;
      name?: unknown;
      cause?: unknown;
      kind?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (typeof e.code === "string" && NETWORK_CODES.has(e.code)) return true;
    if (typeof e.kind === "string" && MESSAGES.includes(e.kind)) return true;
    if (typeof e.name === "string" && MESSAGES.includes(e.name)) return true;
    if (typeof e.message === "string" && MESSAGES.some((m) => (e.message as string).includes(m))) return true;
    if (e.name === "PrismaClientInitializationError") return true;
    current = e.meta?.driverAdapterError ?? e.cause;
  }
  return false;
}
