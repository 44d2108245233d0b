import { z } from "zod";

const button = z
  .object({
    type: z.string().catch("BUTTON"),
    text: z.string().catch(""),
    url: z.string().optional().catch(undefined),
  })
  .loose();

const namedExample = z.object({ param_name: z.string().catch(""), example: z.string().catch("") }).loose();

const component = z
  .object({
    type: z.string().transform((t) => t.toUpperCase()),
    format: z.string().optional().catch(undefined),
    text: z.string().optional().catch(undefined),
    buttons: z.array(button).optional().catch(undefined),
    example: z
      .object({
        header_text: z.array(z.string()).optional().catch(undefined),
        header_text_named_params: z.array(namedExample).optional().catch(undefined),
        body_text: z.array(z.array(z.string())).optional().catch(undefined),
        body_text_named_params: z.array(namedExample).optional().catch(undefined),
      })
      .loose()
      .optional()
      .catch(undefined),
  })
  .loose();

export type TemplateButtonPart = { type: string; text: string; url?: string };

export type TemplateParts = {
  /** `format` upper case: TEXT, IMAGE, VIDEO, DOCUMENT, LOCATION */
  header: { format: string; text: string | null; examples: Record<string, string> } | null;
  body: string | null;
  bodyExamples: Record<string, string>;
  footer: string | null;
  buttons: TemplateButtonPart[];
};

/** Example values keyed by variable name ("1", "first_name"): placeholders for a form, never sent. */
function examplesOf(
  text: string,
  positional: string[] | undefined,
  named: { param_name: string; example: string }[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of named ?? []) if (p.param_name) out[p.param_name] = p.example;
  const names = templateVariables(text);
  names.forEach((name, i) => {
    const value = /^\d+$/.test(name) ? positional?.[Number(name) - 1] : positional?.[i];
    if (value !== undefined && out[name] === undefined) out[name] = value;
  });
  return out;
}

/**
 * Cloud API components (HEADER, BODY, FOOTER, BUTTONS) as synced and stored, read leniently:
 * a malformed component is skipped, never thrown on (the stored JSON is the upstream's).
 */
export function templateParts(components: unknown): TemplateParts {
  const parts: TemplateParts = { header: null, body: null, bodyExamples: {}, footer: null, buttons: [] };
  for (const raw of Array.isArray(components) ? components : []) {
    const parsed = component.safeParse(raw);
    if (!parsed.success) continue;
    const c = parsed.data;
    if (c.type === "HEADER") {
      const text = c.text ?? null;
      const examples = examplesOf(text ?? "", c.example?.header_text, c.example?.header_text_named_params);
      parts.header = { format: (c.format ?? "TEXT").toUpperCase(), text, examples };
    }
    if (c.type === "BODY") {
      parts.body = c.text ?? null;
      const [firstExample] = c.example?.body_text ?? [];
      parts.bodyExamples = examplesOf(c.text ?? "", firstExample, c.example?.body_text_named_params);
    }
    if (c.type === "FOOTER") parts.footer = c.text ?? null;
    if (c.type === "BUTTONS") parts.buttons = c.buttons ?? [];
  }
  return parts;
}

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** `Hi {{1}}, order {{ order_id }}` → `["1", "order_id"]`: each variable once, in order of appearance. */
export function templateVariables(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE), (m) => m[1] ?? ""))];
}

/** Replaces every `{{name}}` for which `valueOf` answers a string; the others stay as they are. */
export function fillVariables(text: string, lookup: (name: string) => string | undefined): string {
  return text.replace(VARIABLE, (whole, name: string) => lookup(name) ?? whole);
}

/** Splits text around {{1}} / {{name}} placeholders so they can be highlighted. */
export function splitVariables(text: string): { text: string; variable: boolean }[] {
  return text
    .split(/(\{\{[^{}]+\}\})/)
    .filter((s) => s !== "")
    .map((s) => ({ text: s, variable: /^\{\{[^{}]+\}\}$/.test(s) }));
}
