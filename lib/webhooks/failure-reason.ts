/**
 * Why an attempt failed, in one line a person reads at a glance: "500 · receiver is down",
 * "timeout after 10 s", "connection refused", "refused: not a public address". The worker
 * records Node's own wording (`connect ECONNREFUSED 127.0.0.1:4000`, `no answer within 10 s`);
 * support wants the reason, not the errno. Null when the attempt succeeded or none was made.
 */
export type AttemptOutcome = {
  status_code: number | null;
  error: string | null;
  response_snippet: string | null;
};

const SNIPPET_CHARS = 80;

/** The first readable words of an answer's body: a JSON error's message when there is one. */
export function snippetGist(snippet: string | null, max = SNIPPET_CHARS): string | null {
  if (!snippet) return null;
  let text = snippet.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    text = messageOf(parsed) ?? text;
  } catch {
    // not JSON (or cut at 1 KB): the raw text is the best we have
  }
  const line = text.replace(/\s+/g, " ").trim();
  if (!line) return null;
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

function messageOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const fields = new Map(Object.entries(value));
  for (const key of ["message", "error", "detail", "title", "reason"]) {
    const found = messageOf(fields.get(key));
    if (found) return found;
  }
  return undefined;
}

const NETWORK_REASONS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/no answer within (\d+(?:\.\d+)?) s/i, (m) => `timeout after ${m[1]} s`],
  [/timed? ?out|ETIMEDOUT/i, () => "timeout"],
  [/refused to connect/i, () => "refused: not a public address"],
  [/ECONNREFUSED/, () => "connection refused"],
  [/ECONNRESET|socket hang up/i, () => "connection reset"],
  [/ENOTFOUND|EAI_AGAIN|did not resolve/i, () => "host not found"],
  [/EHOSTUNREACH|ENETUNREACH/, () => "host unreachable"],
  [/certificate|SSL|TLS|CERT_/i, () => "TLS error"],
];

/** The one-line reason; null when there is nothing to explain (success, or no attempt yet). */
export function failureReason(outcome: AttemptOutcome): string | null {
  const { status_code: code, error, response_snippet: snippet } = outcome;
  if (code !== null) {
    if (code >= 200 && code < 300) return null;
    const gist = code >= 300 && code < 400 ? "redirects are not followed" : snippetGist(snippet);
    return gist ? `${code} · ${gist}` : String(code);
  }
  if (!error) return null;
  for (const [pattern, phrase] of NETWORK_REASONS) {
    const match = error.match(pattern);
    if (match) return phrase(match);
  }
  return snippetGist(error);
}
