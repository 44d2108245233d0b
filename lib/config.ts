import ipaddr from "ipaddr.js";
import { z } from "zod";

function isAddressOrRange(item: string): boolean {
  if (item === "") return true;
  if (!item.includes("/")) return ipaddr.isValid(item);
  try {
    ipaddr.parseCIDR(item);
    return true;
  } catch {
    return false;
  }
}

const boolish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** "60/minute,5000/day": a per-minute and a per-day limit (the /v1 keys' windows, lib/api/rate-limit.ts). */
const rate = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const m = /^\s*(\d+)\s*\/\s*minute\s*,\s*(\d+)\s*\/\s*day\s*$/.exec(v);
      const perMinute = Number(m?.[1]);
      const perDay = Number(m?.[2]);
      if (!m || perMinute < 1 || perDay < 1) {
        ctx.addIssue({ code: "custom", message: `must read like "${fallback}" (both at least 1)` });
        return z.NEVER;
      }
      return { perMinute, perDay };
    });

export type RateSetting = { perMinute: number; perDay: number };

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" }),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url().optional(),
  WHATSAPP_GRAPH_URL: z.url().default("https://graph.facebook.com/v23.0"),
  /** Graph API origins (comma-separated) a dashboard user may give a channel, besides Meta's */
  WHATSAPP_GRAPH_URL_ALLOWLIST: z
    .string()
    .optional()
    .refine(
      (v) =>
        (v ?? "")
          .split(",")
          .map((e) => e.trim())
          .filter(Boolean)
          .every((e) => URL.canParse(e) && /^https?:$/.test(new URL(e).protocol)),
      "must be comma-separated http(s) origins, e.g. https://graph.example.com,http://127.0.0.1:4010",
    ),
  WHATSAPP_APP_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64-encoded")
    .optional(),
  /** the key before the last rotation: secrets sealed under it still open (lib/crypto/keys.ts) */
  ENCRYPTION_KEY_PREVIOUS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64-encoded")
      .optional(),
  ),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ALLOW_LOOPBACK_URLS: boolish,
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  SEND_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** PostgreSQL connections of each process's pool */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(20),
  /**
   * statements each connection keeps prepared (lib/db-statement-names.ts); 0 turns this off,
   * for a pooler in transaction mode that does not carry prepared statements across clients
   */
  DATABASE_PREPARED_STATEMENTS: z.coerce.number().int().min(0).default(100),
  /**
   * where each worker's LISTEN connection goes (lib/inbound/listen-upstream.ts): LISTEN is session
   * state, so behind a pooler in transaction mode it must reach PostgreSQL directly or through a
   * pooler in session mode; unset, DATABASE_URL
   */
  DATABASE_LISTEN_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" })
    .optional(),
  /** worker jobs run at once for upstream sends, for webhook deliveries and for broadcasts */
  SEND_CONCURRENCY: z.coerce.number().int().positive().default(100),
  DELIVERY_CONCURRENCY: z.coerce.number().int().positive().default(50),
  BROADCAST_CONCURRENCY: z.coerce.number().int().positive().default(20),
  /**
   * broadcast drivers one organization runs at once across all workers (lib/webhooks/org-slots.ts):
   * an organization with many broadcasts leaves the other drivers to the others
   */
  BROADCAST_ORG_SHARE: z.coerce.number().int().positive().default(5),
  /**
   * requests to one organization's webhook endpoints in flight at once across all workers
   * (lib/webhooks/org-slots.ts): a slow endpoint holds at most these, the others' deliveries flow.
   * An organization's deliveries a second before its attempts step aside: this ÷ its endpoint's latency
   */
  DELIVERY_ORG_SHARE: z.coerce.number().int().positive().default(10),
  /** days events (with their deliveries and attempts) are kept and listed by GET /v1/events */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** days a webhook may fail without a single success before it is disabled */
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce.number().positive().max(365).default(5),
  /** serves GET /metrics (web and worker) to `Authorization: Bearer <token>`; unset: no metrics */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  /** the worker's metrics port (it has no HTTP server otherwise) */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).default(9464),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * proxies in front of the web app (comma-separated IPs or CIDR ranges): only from these is
   * X-Forwarded-For believed; default none, the TCP peer is the client
   */
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .refine((v) => v.split(",").every((item) => isAddressOrRange(item.trim())), {
      error: "must be comma-separated IP addresses or CIDR ranges",
    }),
  /** failed authentications allowed per client address and minute */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * the dashboard's own upstream work (replies, mark-read when it calls the upstream), counted per
   * staff member and per organization; over either the answer is 429 RATE_LIMIT_EXCEEDED
   */
  DASHBOARD_SENDS_PER_USER: rate("60/minute,5000/day"),
  DASHBOARD_SENDS_PER_ORGANIZATION: rate("600/minute,100000/day"),
  /** CSV exports of contacts, broadcast results and Flow responses (each reads phone numbers in bulk), one budget */
  DASHBOARD_EXPORTS_PER_USER: rate("2/minute,20/day"),
  DASHBOARD_EXPORTS_PER_ORGANIZATION: rate("5/minute,50/day"),
  /**
   * broadcast previews running at once per organization (each holds a transaction of up to 10,000
   * inserts and a pooled connection for up to two minutes); over it: 429 RATE_LIMIT_EXCEEDED
   */
  DASHBOARD_PREVIEWS_PER_ORGANIZATION: z.coerce.number().int().positive().default(2),
  /** a substring search (contacts) longer than this is stopped: 400 on `search`, never a 5xx */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(3_000),
  /** inbound media copies: a local directory, or an S3-compatible bucket when S3_BUCKET is set */
  STORAGE_DIR: z.string().default(".data/media"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  /** for S3-compatible stores (MinIO, R2, …); credentials come from the AWS SDK's usual chain */
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: boolish,
  /** largest inbound media file copied (bytes); the Cloud API's document limit */
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
});

export type Config = z.infer<typeof schema>;

/** Every setting this module reads: .env.example and docs/configuration.md name each (scripts/check-deploy.ts). */
export const SETTING_NAMES: readonly string[] = Object.keys(schema.shape);

let cached: Config | undefined;

/**
 * Reads and validates the environment once. Fails fast with every problem named,
 * so that a misconfigured process stops at start instead of at its first request.
 */
export function config(): Config {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.join(".");
      const given = process.env[name];
      return `  ${name}: ${given === undefined ? "is not set" : i.message}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}

export function appUrl(): string {
  const c = config();
  return (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
}

/** Value that must be set outside of a fresh local start (the start command generates it). */
export function requireSetting<K extends keyof Config>(name: K): NonNullable<Config[K]> {
  const value = config()[name];
  if (value === undefined || value === null) {
    throw new Error(`Invalid configuration:\n  ${String(name)}: is not set`);
  }
  return value as NonNullable<Config[K]>;
}
