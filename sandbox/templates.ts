import { z } from "zod";
import { newNumericId } from "@/sandbox/ids";

const storedButton = z.looseObject({
  type: z.string().transform((t) => t.toUpperCase()),
  text: z.string().optional(),
  url: z.string().optional(),
  phone_number: z.string().optional(),
});

const storedComponent = z.looseObject({
  type: z.string().transform((t) => t.toUpperCase()),
  format: z
    .string()
    .transform((f) => f.toUpperCase())
    .optional(),
  text: z.string().optional(),
  buttons: z.array(storedButton).optional(),
});

/** A Cloud API template object as PUT /_sandbox/templates/{waba_id} receives it; unknown fields are kept. */
export const storedTemplateSchema = z.looseObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1).max(512),
  language: z.string().min(1),
  status: z.string().default("APPROVED"),
  category: z.string().default("UTILITY"),
  parameter_format: z.enum(["POSITIONAL", "NAMED"]).optional(),
  components: z.array(storedComponent).default([]),
});

export type StoredTemplate = z.infer<typeof storedTemplateSchema> & { id: string };
export type StoredComponent = z.infer<typeof storedComponent>;

export function withId(template: z.infer<typeof storedTemplateSchema>): StoredTemplate {
  return { ...template, id: template.id ?? newNumericId() };
}

/** The distinct variables of a template text, in order of first use: ["1","2"] or ["first_name"]. */
export function variablesOf(text: string | undefined): string[] {
  if (!text) return [];
  const names: string[] = [];
  for (const match of text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)) {
    const name = match[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

export function componentOf(template: StoredTemplate, type: string): StoredComponent | undefined {
  return template.components.find((c) => c.type === type);
}
