import type { IncomingHttpHeaders } from "node:http";
import { GuardedFetchError, guardedFetch } from "@/lib/net/guarded-fetch";
import type { GuardOptions } from "@/lib/net/ip-ranges";

export type PostOutcome = {
  /** the HTTP status answered, null when none was (refused, network error, timeout) */
  statusCode: number | null;
  error: string | null;
  /** the first 1 KB of the answer's body */
  snippet: string | null;
  durationMs: number;
  /** the answer's Retry-After header, as sent (honoured on 429 and 503) */
  retryAfter?: string | null;
};

const SNIPPET_BYTES = 1024;

function errorFor(status: number, headers: IncomingHttpHeaders): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400)
    return `answered ${status}; redirects are not followed (Location: ${headers.location ?? "none"})`;
  return `answered ${status}`;
}

function firstValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * One POST to a webhook endpoint through the guarded client (lib/net/guarded-fetch.ts): the
 * socket connects only to addresses the SSRF guard accepted (a literal is checked before, a
 * host name at connect time, so the address checked is the address connected to), a redirect
 * is never followed, and only the answer's first 1 KB is read. Everything must happen within
 * `timeoutMs`. Never rejects: every failure is an outcome with `error`.
 */
export async function postWebhook(
  target: URL,
  body: string,
  headers: Record<string, string>,
  options: GuardOptions & { timeoutMs: number },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await guardedFetch(target, {
      method: "POST",
      headers,
      body,
      allowLoopback: options.allowLoopback,
      timeoutMs: options.timeoutMs,
      maxBytes: SNIPPET_BYTES,
      overflow: "truncate",
    });
    const snippet = res.body.length > 0 ? res.body.toString("utf8").replaceAll("\u0000", "") : null;
    return {
      statusCode: res.status,
      error: errorFor(res.status, res.headers),
      snippet,
      durationMs: elapsed(),
      retryAfter: firstValue(res.headers["retry-after"]),
    };
  } catch (error) {
    const message = error instanceof GuardedFetchError ? error.message : "no answer";
    return { statusCode: null, error: message, snippet: null, durationMs: elapsed() };
  }
}
