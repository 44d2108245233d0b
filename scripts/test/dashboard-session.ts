import { randomUUID } from "node:crypto";
import type { Role } from "@/lib/auth/roles";
import { createOrganization } from "@/lib/organizations/create-organization";
import { createUser } from "@/lib/users/create-user";
import { BASE_URL, randomIp } from "@/scripts/test/helpers";
import { quickPasswordHash } from "@/scripts/test/password-hash";

export type StaffMember = { orgId: string; email: string; password: string };

/** A new organization with one staff member (random e-mail and password). */
export async function createStaff(role: Role = "owner", orgId?: string): Promise<StaffMember> {
  const organizationId =
    orgId ?? (await createOrganization({ name: `Staff ${randomUUID().slice(0, 8)}` })).id;
  const email = `${role}-${randomUUID().slice(0, 12)}@test.example`;
  const password = `pw-${randomUUID()}`;
  await createUser({ organizationId, email, passwordHash: quickPasswordHash(password), role });
  return { orgId: organizationId, email, password };
}

/** A new staff member of the organization, signed in: the session cookie (`name=value`). */
export async function signedInStaff(
  role: Role,
  orgId: string,
  options: { baseUrl?: string } = {},
): Promise<string> {
  const member = await createStaff(role, orgId);
  const { cookie } = await signInWithPassword(member.email, member.password, options);
  if (!cookie) throw new Error(`${role} could not sign in`);
  return cookie;
}

export type SignInResult = {
  /** the `error` next-auth named (CredentialsSignin, TooManyAttempts, …), or null when signed in */
  error: string | null;
  /** `name=value` of the session cookie when signed in */
  cookie: string | null;
  status: number;
};

/**
 * Signs in through next-auth's credentials endpoint as the sign-in form does (fetch, json=true).
 * `ip` is the client address the test names through X-Forwarded-For (the stack trusts loopback).
 */
export async function signInWithPassword(
  email: string,
  password: string,
  options: { ip?: string; baseUrl?: string; callbackUrl?: string } = {},
): Promise<SignInResult & { url: string | null }> {
  const base = options.baseUrl ?? BASE_URL;
  const ip = options.ip ?? randomIp();
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { "x-forwarded-for": ip } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: csrfCookie,
      "x-forwarded-for": ip,
    },
    body: new URLSearchParams({
      email,
      password,
      csrfToken,
      json: "true",
      ...(options.callbackUrl ? { callbackUrl: options.callbackUrl } : {}),
    }),
  });
  const text = await res.text();
  let url: string | null = null;
  try {
    url = (JSON.parse(text) as { url?: string }).url ?? null;
  } catch {
    url = res.headers.get("location");
  }
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => /^(__Secure-)?next-auth\.session-token=./.test(c));
  const error = url ? new URL(url, base).searchParams.get("error") : null;
  return {
    status: res.status,
    url,
    error: session ? null : (error ?? "no session"),
    cookie: session ?? null,
  };
}

/** A dashboard JSON call with a session cookie, as our own pages make it (same-origin). */
export async function dashboardCall(
  cookie: string,
  path: string,
  options: { method?: string; body?: unknown; baseUrl?: string } = {},
): Promise<{
  status: number;
  headers: Headers;
  body: { success: boolean; data?: unknown; error?: Record<string, unknown> };
}> {
  const base = options.baseUrl ?? BASE_URL;
  const res = await fetch(`${base}${path}`, {
    method: options.method ?? "GET",
    headers: {
      cookie,
      origin: base,
      "sec-fetch-site": "same-origin",
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Signs out as the user menu does (next-auth's POST /api/auth/signout with its CSRF token). */
export async function signOut(cookie: string): Promise<number> {
  const csrf = await fetch(`${BASE_URL}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(`${BASE_URL}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [cookie, csrfCookie].filter(Boolean).join("; "),
    },
    body: new URLSearchParams({ csrfToken, json: "true" }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** A dashboard page as a browser asks for it with this cookie: its status and HTML. */
export async function dashboardPage(cookie: string, path: string): Promise<{ status: number; html: string }> {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { cookie }, redirect: "manual" });
  return { status: res.status, html: await res.text() };
}
