import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { expect, TestRunner } from "vitest";
import { SCOPES, type Scope } from "@/lib/api/scopes";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/keys/create-api-key";
import { createOrganization } from "@/lib/organizations/create-organization";
import { runAdminCli } from "@/scripts/lib/admin-cli";
import { TEST_ENV } from "@/scripts/test/env";
import { randomPhone, randomSandboxNumber } from "@/scripts/test/random-data";
import { sandboxAt } from "@/scripts/test/sandbox-client";

// one definition for vitest and Playwright (e2e/support.ts)
export { randomPhone };

export const BASE_URL = `http://127.0.0.1:${TEST_ENV.webPort}`;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
export type AnyJson = any;

export type ApiResponse = {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  body: any;
  text: string;
};

export type CallOptions = {
  method?: string;
  key?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** client address; each call gets its own unless given, so auth-failure limits stay per test */
  ip?: string;
};

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export async function api(path: string, options: CallOptions = {}): Promise<ApiResponse> {
  return apiAt(BASE_URL, path, options);
}

export type TestOrg = { orgId: string; key: string; keyId: string };

/** A new organization with one key: every test makes its own data. */
export async function createTestOrg(
  options: {
    scopes?: Scope[];
    perMinute?: number;
    perDay?: number;
    kind?: "sk" | "pk";
    expiresAt?: Date;
  } = {},
): Promise<TestOrg> {
  const org = await createOrganization({ name: `Test ${randomUUID().slice(0, 8)}` });
  const { apiKey, key } = await createApiKey({
    organizationId: org.id,
    name: "test",
    kind: options.kind ?? "sk",
    scopes: options.scopes ?? ALL_SCOPES,
    perMinuteLimit: options.perMinute ?? 10_000,
    perDayLimit: options.perDay ?? 1_000_000,
    expiresAt: options.expiresAt,
  });
  return { orgId: org.id, key, keyId: apiKey.id };
}

export async function addKey(
  orgId: string,
  options: {
    scopes?: Scope[];
    kind?: "sk" | "pk";
    perMinute?: number;
    perDay?: number;
    expiresAt?: Date;
  } = {},
) {
  const { apiKey, key } = await createApiKey({
    organizationId: orgId,
    name: "extra",
    kind: options.kind ?? "sk",
    scopes: options.scopes ?? ALL_SCOPES,
    perMinuteLimit: options.perMinute ?? 10_000,
    perDayLimit: options.perDay ?? 1_000_000,
    expiresAt: options.expiresAt,
  });
  return { key, keyId: apiKey.id };
}

export async function dependency(target: "pg" | "redis", action: "down" | "up"): Promise<void> {
  await fetch(`http://127.0.0.1:${TEST_ENV.controlPort}/${target}/${action}`, { method: "POST" });
}

// ---- additions for the /v1 core suites (issue 2) ----

/** `api` against another base URL, e.g. a separate stack started by a test file. */
export async function apiAt(baseUrl: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = {
    "x-forwarded-for": options.ip ?? randomIp(),
    ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
    ...(options.body !== undefined || options.rawBody !== undefined
      ? { "content-type": "application/json" }
      : {}),
    ...options.headers,
  };
  const res = await fetch(`${baseUrl}${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    // a bound on a hang, not a pace: a send that waits SEND_TIMEOUT_MS for its worker took
    // over 20 s to be answered on a loaded CI machine
    signal: AbortSignal.timeout(90_000),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** Text that must never reach a client: stack frames, file paths, driver internals. */
const INTERNALS = /\n\s+at\s|\bat\s\S+\s\(|node_modules|\.tsx?:\d+|\.js:\d+|prisma|ECONNREFUSED/i;

/**
 * The error envelope of the contract: status, `{ success: false, error: { code, message } }`
 * with at most `details` beside them, a request id, and nothing internal in the text.
 */
export function expectError(res: ApiResponse, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body.success).toBe(false);
  expect(Object.keys(res.body).sort()).toEqual(["error", "success"]);
  expect(typeof res.body.error.message).toBe("string");
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(Object.keys(res.body.error).every((k) => ["code", "message", "details"].includes(k))).toBe(true);
  expect(res.text).not.toMatch(INTERNALS);
  expect(res.headers.get("x-request-id")).toBeTruthy();
}

/** X-RateLimit-Limit/Remaining/Reset present and numeric. */
export function expectRateLimitHeaders(res: ApiResponse): void {
  const values = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"].map((h) =>
    res.headers.get(h),
  );
  expect(
    values.every((v) => v !== null && /^\d+$/.test(v)),
    `rate-limit headers: ${values}`,
  ).toBe(true);
}

/**
 * How long a wait for a row, an event or a log line may last before it counts as a hang, where no
 * test's own timeout says more (in a hook, or outside vitest). Not a pace: a healthy wait ends as
 * soon as what it waits for is there, and CI runs two suites on two cores, where a worker's first
 * job (a channel's first template sync) took over 15 s.
 */
export const HANG_MS = 60_000;

// left to the running test after a wait gives up, to fail with the wait's own message (what it
// waited for, the last error) rather than vitest's "Test timed out"
const REPORT_MS = 3_000;

/**
 * The limit of a wait that only guards against a hang: what is left of the running test's own
 * timeout (less a moment to report), or HANG_MS in a hook or outside a test. A test that waits for
 * something slow raises its own timeout, and its waits follow.
 */
export function hangLimit(): number {
  const test = TestRunner.getCurrentTest();
  const started = test?.result?.startTime;
  if (!test?.timeout || started === undefined) return HANG_MS;
  return Math.max(test.timeout - (Date.now() - started) - REPORT_MS, 1_000);
}

/**
 * Calls `attempt` until `done` holds for its result or the time is up (hangLimit() unless given);
 * returns the last result, for the caller's assertion to say what was there.
 */
export async function pollUntil<T>(
  attempt: () => Promise<T>,
  done: (result: T) => boolean,
  timeoutMs = hangLimit(),
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let result = await attempt();
  while (!done(result) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, intervalMs));
    result = await attempt();
  }
  return result;
}

/** Contacts written straight to the database (for list and search tests), oldest first. */
export async function seedContacts(
  orgId: string,
  rows: { phone?: string; name?: string | null; email?: string | null }[],
): Promise<void> {
  const start = Date.now() - rows.length * 1000;
  await db().contact.createMany({
    data: rows.map((r, i) => ({
      organizationId: orgId,
      phone: r.phone ?? randomPhone(),
      name: r.name ?? null,
      email: r.email ?? null,
      createdAt: new Date(start + i * 1000),
    })),
  });
}

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * An admin CLI command run in this process (scripts/lib/admin-cli.ts), against the test database
 * and Redis: what it prints and the exit code it answers, as the program would. Starting the
 * program (`node --import tsx scripts/cli.ts`) compiles and loads lib/ again, 10–90 s a run on a
 * loaded machine, which cli.test paid some 30 times; runCliProcess starts it, for the tests of
 * the program itself.
 */
export async function runCli(args: string[]): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await runAdminCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

/** The admin CLI as an operator runs it (a process of its own), against the test database and Redis. */
export function runCliProcess(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    // `node --import tsx`: one process (the tsx CLI starts a second node to run the script)
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/cli.ts", ...args],
      {
        env: {
          ...process.env,
          DATABASE_URL: TEST_ENV.databaseUrl,
          REDIS_URL: TEST_ENV.redisUrl,
          ENCRYPTION_KEY: TEST_ENV.encryptionKey,
          LOG_LEVEL: "silent",
          ...env,
        },
        // a guard against a hang: one run took 16–90 s in CI at a load of 19
        timeout: 150_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

export const SANDBOX_URL = `http://127.0.0.1:${TEST_ENV.sandboxPort}`;

export function sandbox(
  path: string,
  method = "GET",
  body?: unknown,
): Promise<{ status: number; body: AnyJson }> {
  return sandboxAt(SANDBOX_URL, path, method, body);
}

export type TestChannel = { channelId: string; phoneNumberId: string; wabaId: string; token: string };

/** A phone number registered in the sandbox and a channel of `orgId` pointing at it. */
export async function createTestChannel(
  orgId: string,
  options: {
    templates?: unknown[];
    throughput?: number;
    /** more fields of the sandbox number, e.g. coexistence, marketing_messages_onboarded */
    sandboxNumber?: Record<string, unknown>;
  } = {},
): Promise<TestChannel> {
  const { createChannel } = await import("@/lib/channels/create-channel");
  const { phoneNumberId, wabaId, token } = randomSandboxNumber();
  const put = await sandbox(`/_sandbox/phone-numbers/${phoneNumberId}`, "PUT", {
    waba_id: wabaId,
    display_phone_number: "+1 555 0100",
    access_token: token,
    throughput_per_second: options.throughput ?? 80,
    ...options.sandboxNumber,
  });
  if (put.status >= 300) throw new Error(`sandbox phone number: ${JSON.stringify(put.body)}`);
  if (options.templates) await sandbox(`/_sandbox/templates/${wabaId}`, "PUT", { data: options.templates });
  const channel = await createChannel({
    organizationId: orgId,
    name: `channel ${phoneNumberId}`,
    phoneNumberId,
    wabaId,
    accessToken: token,
    graphUrl: `${SANDBOX_URL}/v23.0`,
    throughputPerSecond: options.throughput ?? 80,
  });
  return { channelId: channel.id, phoneNumberId, wabaId, token };
}

/** The channel as `GET /v1/whatsapp/channels` lists it, once `done` holds for it. */
export function listedChannel(
  key: string,
  channelId: string,
  done: (c: AnyJson) => boolean,
): Promise<AnyJson> {
  let last: AnyJson;
  return eventually(
    async () => {
      const res = await api("/v1/whatsapp/channels", { key });
      last = res.body?.data?.find((c: AnyJson) => c.id === channelId);
      return last && done(last) ? last : undefined;
    },
    undefined,
    () => `channel ${channelId} as awaited (last listed: ${JSON.stringify(last)})`,
  );
}

/** A customer writes from `from` (digits): the sandbox posts the signed notification to our receiver. */
export async function inbound(
  phoneNumberId: string,
  from: string,
  message: Record<string, unknown>,
  extra = {},
) {
  return sandbox("/_sandbox/inbound", "POST", { phone_number_id: phoneNumberId, from, message, ...extra });
}

/**
 * Polls until `check` returns a value (not undefined/null/false), or fails after `ms`: by default
 * hangLimit(), as a wait for a row or an event should (a short limit is a pace, and fails on a
 * loaded machine).
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  ms = hangLimit(),
  /** what was awaited, for the failure to name it (a function: read when it fails) */
  what: string | (() => string) = "condition",
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const named = typeof what === "function" ? what() : what;
  throw new Error(`${named} not met within ${ms} ms${last ? `: ${String(last)}` : ""}`);
}
