import { randomBytes, randomUUID } from "node:crypto";
import { createApiKey } from "@/lib/auth/create-api-key";
import { SCOPES, type Scope } from "@/lib/auth/scopes";
import { createOrganization } from "@/lib/organizations/create-organization";
import { TEST_ENV } from "@/scripts/test/env";

export const BASE_URL = `http://127.0.0.1:${TEST_ENV.webPort}`;
export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

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
  const headers: Record<string, string> = {
    "x-forwarded-for": options.ip ?? randomIp(),
    ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
    ...(options.body !== undefined || options.rawBody !== undefined
      ? { "content-type": "application/json" }
      : {}),
    ...options.headers,
  };
  const res = await fetch(`${BASE_URL}${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
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

/** A random possible US number in E.164 (+1 NXX NXX XXXX). */
export function randomPhone(): string {
  const n = () => Math.floor(Math.random() * 10);
  return `+1${2 + (n() % 8)}${n()}${n()}${2 + (n() % 8)}${n()}${n()}${n()}${n()}${n()}${n()}`;
}

export async function dependency(target: "pg" | "redis", action: "down" | "up"): Promise<void> {
  await fetch(`http://127.0.0.1:${TEST_ENV.controlPort}/${target}/${action}`, { method: "POST" });
}
