import { z } from "zod";
import { ALL_EVENTS, ALL_EVENTS_CHOICE, EVENT_NAMES, type EventName } from "@/lib/events/names";
import type { CreateWebhookBody, UpdateWebhookBody } from "@/lib/webhooks/schemas";
import type { WebhookJson } from "@/lib/webhooks/webhook-json";

/** A new webhook's signing: a secret we generate (the default), one the person types, or none. */
export type SecretMode = "generate" | "own" | "none";

export type WebhookFormState = {
  name: string;
  url: string;
  events: EventName[];
  secret: string;
  secretMode: SecretMode;
  /** deliveries per second, as typed; empty: no limit */
  rateLimit: string;
};

export const EMPTY_WEBHOOK_FORM: WebhookFormState = {
  name: "",
  url: "",
  events: [],
  secret: "",
  rateLimit: "",
  secretMode: "generate",
};

/**
 * The browser's check before sending, with the limits of lib/webhooks/schemas.ts. That schema
 * itself is not imported here: it pulls node:crypto (whsec_ secrets) into the page bundle. The
 * route validates again with it (URL guard, whsec_ format) and its errors land on the fields.
 */
const formSchema = z.object({
  url: z.string().trim().min(1, "enter the URL of your endpoint").max(2048, "at most 2048 characters"),
  name: z.string().trim().max(100, "at most 100 characters"),
  events: z.array(z.enum(EVENT_NAMES)).min(1, "subscribe to at least one event"),
  secret: z.string().max(1024, "at most 1024 characters"),
  rateLimit: z
    .string()
    .trim()
    .regex(/^\d*$/, "a whole number of deliveries per second, or empty for no limit")
    .transform((v) => (v === "" ? null : Number(v)))
    .pipe(
      z
        .number()
        .int()
        .min(1, "at least 1 a second (empty: no limit)")
        .max(1000, "at most 1000 a second")
        .nullable(),
    ),
});

/** Editing starts from the stored values, with the secret field empty: it is write-only. */
export function formFromWebhook(w: WebhookJson): WebhookFormState {
  return {
    name: w.name,
    url: w.url,
    // an all-events webhook (`["*", …opt-ins]`) shows every box ticked, "All events" with them
    events: w.events.includes(ALL_EVENTS)
      ? EVENT_NAMES.filter((e) => ALL_EVENTS_CHOICE.includes(e) || w.events.includes(e))
      : w.events.filter((e): e is EventName => e !== ALL_EVENTS),
    secret: "",
    secretMode: "own",
    rateLimit: w.rate_limit === null ? "" : String(w.rate_limit),
  };
}

type Result<B> = { ok: true; body: B } | { ok: false; errors: Record<string, string> };

function check(state: WebhookFormState): Result<z.infer<typeof formSchema>> {
  const parsed = formSchema.safeParse({ ...state, secretMode: undefined });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, errors };
}

/**
 * Create: "generate" signs with a new random secret (given here, to be shown once after saving),
 * "own" with the typed one (required), "none" sends no secret (deliveries unsigned).
 */
/**
 * "All events" ticked saves `"*"` (every event but the opt-in ones, also those declared later)
 * with the opt-in names ticked beside it, not today's list, which would miss tomorrow's events.
 */
export function subscription(events: EventName[]): (typeof ALL_EVENTS | EventName)[] {
  return ALL_EVENTS_CHOICE.every((e) => events.includes(e))
    ? [ALL_EVENTS, ...events.filter((e) => !ALL_EVENTS_CHOICE.includes(e))]
    : events;
}

export function toCreateWebhookBody(
  state: WebhookFormState,
  generated: () => string = generateSecret,
): Result<CreateWebhookBody> {
  const checked = check(state);
  const ownMissing = state.secretMode === "own" && state.secret.trim() === "";
  if (!checked.ok || ownMissing) {
    const errors = checked.ok ? {} : checked.errors;
    if (ownMissing) errors.secret ??= "enter your secret, or let us generate one";
    return { ok: false, errors };
  }
  const { url, name, events, secret, rateLimit } = checked.body;
  const chosen =
    state.secretMode === "generate" ? generated() : state.secretMode === "own" ? secret : undefined;
  return {
    ok: true,
    body: {
      url,
      events: subscription(events),
      name: name || undefined,
      secret: chosen,
      rate_limit: rateLimit,
    },
  };
}

/** Edit: an empty secret keeps the stored one, a new value replaces it (the route's own rule). */
export function toUpdateWebhookBody(state: WebhookFormState): Result<UpdateWebhookBody> {
  const checked = check(state);
  if (!checked.ok) return checked;
  const { url, name, events, secret, rateLimit } = checked.body;
  return {
    ok: true,
    body: { url, events: subscription(events), name: name || undefined, secret, rate_limit: rateLimit },
  };
}

/** A Standard Webhooks style secret: `whsec_` and 32 random bytes in base64. */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}
