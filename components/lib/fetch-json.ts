/**
 * The browser side of the dashboard JSON routes: unwraps `{success, data}` and throws
 * DashboardRequestError with the envelope's code, message and details otherwise. A 401 (the
 * session ended) sends the browser to the sign-in page, back to this page afterwards.
 * Components call routes through components/lib/dashboard-client.ts, the one caller of `fetchJson`.
 */
export class DashboardRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "DashboardRequestError";
  }
}

type Envelope = { success: true; data: unknown } | { success: false; error: ErrorShape };
type ErrorShape = { code?: string; message?: string; details?: Record<string, unknown> };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === "object" && value !== null && "success" in value;
}

export function signInUrl(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/sign-in?callbackUrl=${encodeURIComponent(here)}`;
}

export async function fetchJson<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await fetch(path, {
    method: init.method ?? "GET",
    headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: "same-origin",
    signal: init.signal,
  });
  if (res.status === 401) window.location.assign(signInUrl());
  const payload: unknown = await res.json().catch(() => null);
  if (isEnvelope(payload) && payload.success && res.ok) return payload.data as T;
  const error = isEnvelope(payload) && !payload.success ? payload.error : {};
  throw new DashboardRequestError(
    res.status,
    error.code ?? "SERVER_INTERNAL_ERROR",
    error.message ?? `The server answered ${res.status}.`,
    error.details,
  );
}

/** Field name → message, from a validation error's details (`field`, or `errors[]`). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof DashboardRequestError)) return {};
  const out: Record<string, string> = {};
  const list = error.details.errors;
  if (Array.isArray(list)) {
    for (const item of list as { field?: unknown; message?: unknown }[]) {
      if (typeof item.field === "string" && typeof item.message === "string")
        out[item.field] ??= item.message;
    }
  }
  const field = error.details.field;
  if (typeof field === "string") out[field] ??= String(error.details.hint ?? error.message);
  return out;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong.";
}
