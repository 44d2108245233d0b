import type { TemplateComponentInput } from "@/lib/messages/message-schemas";

/**
 * Placeholders of a broadcast's template parameters: `{{contact.name}}`, `{{contact.phone}}`,
 * `{{contact.email}}`, `{{contact.custom_fields.KEY}}` and `{{variables.KEY}}` (an inline
 * recipient's own values), each with an optional fallback after a bar: `{{contact.name|there}}`.
 * They may sit in `text` and `payload` parameters; every `{{…}}` there must be one of them.
 */
const TOKEN = /\{\{([^{}]*)\}\}/g;
const KEY =
  /^(?:contact\.(?:name|phone|email)|contact\.custom_fields\.[^|{}\s][^|{}]{0,63}|variables\.[^|{}\s][^|{}]{0,63})$/;

export const PLACEHOLDER_EXAMPLES = [
  "{{contact.name}}",
  "{{contact.phone}}",
  "{{contact.email}}",
  "{{contact.custom_fields.KEY}}",
  "{{variables.KEY}}",
  "{{contact.name|fallback}}",
];

/** At most this many distinct placeholders a broadcast (each is one value per recipient). */
export const MAX_PLACEHOLDERS = 20;

type Piece = string | { key: string; fallback: string | null };

/** A parameter's text as literal pieces and placeholders, and the `{{…}}` that are none of ours. */
export function parseText(text: string): { pieces: Piece[]; unknown: string[] } {
  const pieces: Piece[] = [];
  const unknown: string[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const inner = match[1] ?? "";
    const bar = inner.indexOf("|");
    const key = (bar < 0 ? inner : inner.slice(0, bar)).trim();
    const fallback = bar < 0 ? null : inner.slice(bar + 1);
    if (!KEY.test(key)) unknown.push(match[0]);
    if (match.index > last) pieces.push(text.slice(last, match.index));
    pieces.push({ key, fallback });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return { pieces, unknown };
}

export type PlaceholderUse = {
  /** distinct keys, in order of first use: the order of each recipient's values */
  keys: string[];
  /** keys used at least once without a fallback: a recipient without a value is skipped */
  required: string[];
  problems: { field: string; message: string }[];
};

type TextSlot = { field: string; text: string };

function textSlots(components: TemplateComponentInput[], base: string): TextSlot[] {
  return components.flatMap((component, i) =>
    component.parameters.flatMap((p, j): TextSlot[] => {
      const field = `${base}[${i}].parameters[${j}]`;
      if (p.type === "text") return [{ field: `${field}.text`, text: p.text }];
      if (p.type === "payload") return [{ field: `${field}.payload`, text: p.payload }];
      return [];
    }),
  );
}

/** The placeholders the components use, and the unknown ones as `{ field, message }` problems. */
export function findPlaceholders(components: TemplateComponentInput[], base: string): PlaceholderUse {
  const keys: string[] = [];
  const required = new Set<string>();
  const problems: PlaceholderUse["problems"] = [];
  for (const slot of textSlots(components, base)) {
    const { pieces, unknown } = parseText(slot.text);
    for (const token of unknown) {
      problems.push({
        field: slot.field,
        message: `unknown placeholder ${token}; use one of ${PLACEHOLDER_EXAMPLES.join(", ")}`,
      });
    }
    for (const piece of pieces) {
      if (typeof piece === "string" || unknown.length > 0) continue;
      if (!keys.includes(piece.key)) keys.push(piece.key);
      if (piece.fallback === null) required.add(piece.key);
    }
  }
  if (keys.length > MAX_PLACEHOLDERS) {
    problems.push({ field: base, message: `at most ${MAX_PLACEHOLDERS} distinct placeholders a broadcast` });
  }
  return { keys, required: [...required], problems };
}

/** A value as it goes into a parameter: the upstream refuses newlines, tabs and runs of spaces. */
function clean(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function renderText(text: string, lookup: (key: string) => string | null): string {
  const { pieces } = parseText(text);
  return pieces
    .map((piece) => {
      if (typeof piece === "string") return piece;
      const value = lookup(piece.key);
      return value !== null && clean(value) !== "" ? clean(value) : (piece.fallback ?? "");
    })
    .join("");
}

/**
 * The components with every placeholder replaced by the recipient's value (`values[i]` is the
 * value of `keys[i]`, null when the contact has none) or else its fallback.
 */
export function renderComponents(
  components: TemplateComponentInput[],
  keys: readonly string[],
  values: readonly (string | null)[],
): TemplateComponentInput[] {
  if (keys.length === 0) return components;
  const lookup = (key: string) => values[keys.indexOf(key)] ?? null;
  return components.map((component) => ({
    ...component,
    parameters: component.parameters.map((p) => {
      if (p.type === "text") return { ...p, text: renderText(p.text, lookup) };
      if (p.type === "payload") return { ...p, payload: renderText(p.payload, lookup) };
      return p;
    }),
  }));
}
