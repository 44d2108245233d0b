/**
 * Retries as the API's retry guidance says: 429 and 5xx (500, 502, 503, 504) and network errors
 * with exponential backoff (1 s, 2 s, 4 s, 8 s, with jitter), a 429 waiting at least what
 * `Retry-After` (or else `X-RateLimit-Reset`) asks. A POST is retried only when it carries an
 * `Idempotency-Key` (the API then answers a repeat once, never acting twice), and never when
 * the answer says not to (`X-Should-Retry: false`: the send is already under way, or the upstream
 * refused it for good); an answer without that header (an older server) is read as before: a 503
 * with `details.messageId` or `WHATSAPP_SEND_FAILED` is final.
 */
export type RetryOptions = {
  /** retries after the first try; 0 turns retrying off (default 4) */
  retries?: number;
  /** the first backoff step; doubled each retry (default 1000 ms) */
  baseDelayMs?: number;
  /** no wait is longer, whatever Retry-After says (default 60 s) */
  maxDelayMs?: number;
  /** told before each retry (logging, metrics) */
  onRetry?: (info: {
    attempt: number;
    delayMs: number;
    status: number | null;
    method: string;
    url: string;
  }) => void;
};

const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** How long a 429 asks to wait, in ms: Retry-After (seconds), else X-RateLimit-Reset (Unix seconds). */
export function askedDelayMs(headers: Headers, now = Date.now()): number | null {
  const retryAfter = headers.get("retry-after");
  if (retryAfter !== null && /^\d+$/.test(retryAfter.trim())) return Number(retryAfter) * 1000;
  const reset = headers.get("x-ratelimit-reset");
  if (reset !== null && /^\d+$/.test(reset.trim())) return Math.max(0, Number(reset) * 1000 - now);
  return null;
}

/** The wait before retry number `attempt` (1-based). */
export function backoffMs(
  attempt: number,
  options: Required<Omit<RetryOptions, "onRetry">>,
  asked: number | null,
): number {
  const step = options.baseDelayMs * 2 ** (attempt - 1);
  const jittered = step * (1 + Math.random() * 0.2);
  return Math.min(options.maxDelayMs, Math.max(jittered, asked ?? 0));
}

/** A 5xx that says "do not repeat": the send is under way, or the upstream refused it for good. */
async function finalAnswer(response: Response): Promise<boolean> {
  if (response.status < 500) return false;
  // the API says it on every 5xx: "true" for a 503 that sent nothing (the queue was away) even
  // though it names its message, "false" for a send under way and for WhatsApp's refusal
  const said = response.headers.get("x-should-retry");
  if (said === "true" || said === "false") return said === "false";
  try {
    const body = (await response.clone().json()) as {
      error?: { code?: string; details?: { messageId?: unknown } };
    };
    return body.error?.code === "WHATSAPP_SEND_FAILED" || body.error?.details?.messageId !== undefined;
  } catch {
    return false;
  }
}

function mayRepeat(request: Request): boolean {
  return request.method !== "POST" || request.headers.has("idempotency-key");
}

/** A fetch for openapi-fetch that retries what may be retried. */
export function retryingFetch(
  baseFetch: (request: Request) => Promise<Response>,
  options: RetryOptions = {},
) {
  const settings = {
    retries: options.retries ?? 4,
    baseDelayMs: options.baseDelayMs ?? 1000,
    maxDelayMs: options.maxDelayMs ?? 60_000,
  };
  return async (request: Request): Promise<Response> => {
    const repeatable = mayRepeat(request);
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await baseFetch(repeatable ? request.clone() : request);
      } catch (error) {
        if (!repeatable || attempt > settings.retries) throw error;
      }
      if (response) {
        const retry =
          repeatable &&
          attempt <= settings.retries &&
          RETRIED_STATUSES.has(response.status) &&
          !(await finalAnswer(response));
        if (!retry) return response;
        await response.body?.cancel().catch(() => undefined);
      }
      const asked = response?.status === 429 ? askedDelayMs(response.headers) : null;
      const delayMs = backoffMs(attempt, settings, asked);
      options.onRetry?.({
        attempt,
        delayMs,
        status: response?.status ?? null,
        method: request.method,
        url: request.url,
      });
      await sleep(delayMs);
    }
  };
}
