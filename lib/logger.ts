import pino from "pino";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: process.env.SERVICE_NAME ?? (process.argv[1]?.includes("worker") ? "worker" : "web") },
  timestamp: pino.stdTimeFunctions.isoTime,
  redact: {
    paths: [
      "req.headers.authorization",
      'req.headers["x-api-key"]',
      "*.password",
      "*.secret",
      "*.accessToken",
    ],
    censor: "[redacted]",
  },
});
