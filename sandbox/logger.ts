import pino from "pino";

/** The sandbox logs on its own: it is a stand-in for a third party, not part of the product. */
export function createLogger(level?: string): pino.Logger {
  return pino({
    level: level ?? process.env.SANDBOX_LOG_LEVEL ?? process.env.LOG_LEVEL ?? "info",
    base: { service: "sandbox" },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

export type Logger = pino.Logger;
