import { z } from "zod";

const button = z
  .object({
    type: z.string().catch("BUTTON"),
    text: z.string().catch(""),
    url: z.string().optional().catch(undefined),
  })
  .loose();

const component = z
  .object({
    type: z.string().transform((t) => t.toUpperCase()),
    format: z.string().optional().catch(undefined),
    text: z.string().optional().catch(undefined),
    buttons: z.array(button).optional().catch(undefined),
  })
  .loose();

export type TemplateParts = {
  header: { format: string; text: string | null } | null;
  body: string | null;
  footer: string | null;
  buttons: { type: string; text: string; url?: string }[];
};

/** Cloud API components (HEADER, BODY, FOOTER, BUTTONS) as stored, read leniently for the preview. */
export function templateParts(components: unknown[]): TemplateParts {
  const parts: TemplateParts = { header: null, body: null, footer: null, buttons: [] };
  for (const raw of components) {
    const parsed = component.safeParse(raw);
    if (!parsed.success) continue;
    const c = parsed.data;
    if (c.type === "HEADER") parts.header = { format: c.format ?? "TEXT", text: c.text ?? null };
    if (c.type === "BODY") parts.body = c.text ?? null;
    if (c.type === "FOOTER") parts.footer = c.text ?? null;
    if (c.type === "BUTTONS") parts.buttons = c.buttons ?? [];
  }
  return parts;
}

/** Splits text around {{1}} / {{name}} placeholders so they can be highlighted. */
export function splitVariables(text: string): { text: string; variable: boolean }[] {
  return text
    .split(/(\{\{[^{}]+\}\})/)
    .filter((s) => s !== "")
    .map((s) => ({ text: s, variable: /^\{\{[^{}]+\}\}$/.test(s) }));
}
