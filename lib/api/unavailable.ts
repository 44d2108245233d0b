import { causeChain } from "@/lib/db-errors";

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
  // Prisma could not start a transaction within its maxWait: every connection of the pool is busy
  "Unable to start a transaction in the given time",
  "Transaction already closed",
  "Server has closed the connection",
];

export function isUnavailableError(error: unknown): boolean {
  return causeChain(error).some(
    (e) =>
      (typeof e.code === "string" && NETWORK_CODES.has(e.code)) ||
      (typeof e.kind === "string" && MESSAGES.includes(e.kind)) ||
      (typeof e.name === "string" && MESSAGES.includes(e.name)) ||
      (typeof e.message === "string" && MESSAGES.some((m) => (e.message as string).includes(m))) ||
      e.name === "PrismaClientInitializationError",
  );
}
