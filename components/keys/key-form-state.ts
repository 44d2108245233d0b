import { PUBLISHABLE_SCOPES, type Scope } from "@/lib/api/scopes";
import { type CreateKeyBody, createKeyBody } from "@/lib/keys/schemas";

export type ExpiryChoice = "never" | "7" | "30" | "90" | "365" | "custom";

export type KeyFormState = {
  name: string;
  kind: "sk" | "pk";
  scopes: Scope[];
  expiry: ExpiryChoice;
  /** yyyy-mm-dd from the date input, when expiry is "custom" */
  expiryDate: string;
  perMinute: string;
  perDay: string;
};

export const INITIAL_KEY_FORM: KeyFormState = {
  name: "",
  kind: "sk",
  scopes: [],
  expiry: "never",
  expiryDate: "",
  perMinute: "60",
  perDay: "10000",
};

export const EXPIRY_OPTIONS = [
  { value: "never", label: "Never" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
  { value: "custom", label: "On a date…" },
] as const;

/** Switching to a publishable key drops the scopes it may not hold. */
export function withKind(state: KeyFormState, kind: "sk" | "pk"): KeyFormState {
  return {
    ...state,
    kind,
    scopes: kind === "pk" ? state.scopes.filter((s) => PUBLISHABLE_SCOPES.includes(s)) : state.scopes,
  };
}

function expiresAt(state: KeyFormState): string | null {
  if (state.expiry === "never") return null;
  if (state.expiry === "custom") {
    // the end of the chosen day, in the browser's time zone
    return state.expiryDate ? new Date(`${state.expiryDate}T23:59:59`).toISOString() : "invalid";
  }
  return new Date(Date.now() + Number(state.expiry) * 86_400_000).toISOString();
}

function limit(value: string): number | undefined {
  return value.trim() === "" ? undefined : Number(value);
}

/** The form → the route's body, checked with the route's own schema; errors keyed by field. */
export function toCreateKeyBody(
  state: KeyFormState,
): { ok: true; body: CreateKeyBody } | { ok: false; errors: Record<string, string> } {
  const parsed = createKeyBody.safeParse({
    name: state.name,
    kind: state.kind,
    scopes: state.scopes,
    expires_at: expiresAt(state),
    per_minute_limit: limit(state.perMinute),
    per_day_limit: limit(state.perDay),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, errors };
}
