import { hasRole, MANAGERS, type Role } from "@/lib/auth/roles";
import type { DeliveriesPageJson, FailingWebhookJson } from "@/lib/webhooks/delivery-schemas";

/**
 * What support (agents) may see of a webhook. Its settings and secrets are for owners and admins
 * (README's role table), yet agents read deliveries: so for them a webhook URL is its scheme,
 * host and path (a receiver's `?token=` or `user:password@` is a credential), and the signature
 * headers of an attempt are masked (with the payload beside them, a signature lets one replay the
 * delivery to the receiver). Owners and admins see both whole. Pure: the dashboard's JSON routes
 * apply it to every answer an agent can get (deliveries list, details, redelivery, overview).
 */

/** Whether this role sees webhook URLs and signatures whole. */
export function seesWebhookSecrets(role: Role): boolean {
  return hasRole(role, MANAGERS);
}

const MASK = "••••••••";

/** Whether support's view masked this value (the dashboard then says why). */
export function isMasked(value: string): boolean {
  return value.includes(MASK);
}

/** `scheme://host[:port]/path`: no user-info, query or fragment. */
export function supportUrl(url: string): string {
  if (!URL.canParse(url)) return "(hidden)";
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

/** Header names holding a signature or a credential. */
const SECRET_HEADER = /signature|authorization|token|secret/i;

/**
 * Each signature keeps its scheme (`sha256=`, `v1,`) so support still sees which were sent and
 * how many (two during a secret rotation's grace period); the value itself is masked.
 */
function maskValue(value: string): string {
  return value
    .split(" ")
    .map((part) => {
      const scheme = /^[A-Za-z0-9]{1,16}[=,]/.exec(part)?.[0] ?? "";
      return `${scheme}${MASK}`;
    })
    .join(" ");
}

export function supportHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SECRET_HEADER.test(name) ? maskValue(value) : value,
    ]),
  );
}

/**
 * The URL's credential-like parts (query, its values, user-info, fragment), longest first: a
 * receiver's answer quoted in an attempt (error, response snippet) may echo them.
 */
function secretsOf(url: string): string[] {
  if (!URL.canParse(url)) return [];
  const u = new URL(url);
  const parts = [u.search.slice(1), ...u.searchParams.values(), u.username, u.password, u.hash.slice(1)];
  const decoded = parts.flatMap((p) => {
    try {
      return [p, decodeURIComponent(p)];
    } catch {
      return [p];
    }
  });
  return [...new Set(decoded)].filter((p) => p.length >= 3).sort((a, b) => b.length - a.length);
}

function scrub(text: string | null, secrets: string[]): string | null {
  if (text === null) return null;
  return secrets.reduce((t, secret) => t.split(secret).join(MASK), text);
}

type WithUrl = { url: string };
type Attempt = {
  request_headers: Record<string, string>;
  error: string | null;
  response_snippet: string | null;
};
type WithAttempts = { webhook: WithUrl; attempts: Attempt[] };

export function supportWebhook<T extends WithUrl>(webhook: T): T {
  return { ...webhook, url: supportUrl(webhook.url) };
}

/** A delivery with its webhook and attempts: URL cut, signatures masked, echoes of the URL's secrets masked. */
export function supportDelivery<T extends WithAttempts>(delivery: T): T {
  const secrets = secretsOf(delivery.webhook.url);
  return {
    ...delivery,
    webhook: supportWebhook(delivery.webhook),
    attempts: delivery.attempts.map((a) => ({
      ...a,
      request_headers: supportHeaders(a.request_headers),
      error: scrub(a.error, secrets),
      response_snippet: scrub(a.response_snippet, secrets),
    })),
  };
}

export function supportDeliveriesPage(page: DeliveriesPageJson): DeliveriesPageJson {
  return {
    ...page,
    deliveries: page.deliveries.map((d) => {
      const secrets = secretsOf(d.webhook.url);
      return {
        ...d,
        webhook: supportWebhook(d.webhook),
        last_error: scrub(d.last_error, secrets),
        last_response_snippet: scrub(d.last_response_snippet, secrets),
      };
    }),
  };
}

/** Webhooks needing attention: URL cut, and echoes of its secrets masked in the last answer's reason. */
export function supportFailingWebhooks(list: FailingWebhookJson[]): FailingWebhookJson[] {
  return list.map((w) => {
    const secrets = secretsOf(w.url);
    return {
      ...supportWebhook(w),
      disabled_reason: scrub(w.disabled_reason, secrets),
      last_answer: w.last_answer && { ...w.last_answer, reason: scrub(w.last_answer.reason, secrets) },
    };
  });
}

/** `value` as this role may see it: whole for owners and admins, through `redact` for agents. */
export function forRole<T>(role: Role, value: T, redact: (v: T) => T): T {
  return seesWebhookSecrets(role) ? value : redact(value);
}
