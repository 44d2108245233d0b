import type { TemplateComponentInput, TemplateParameterInput } from "@/lib/messages/message-schemas";
import { templateParts, templateVariables } from "@/lib/templates/template-parts";

/** One value a person must give before a template can be sent. `example` is a placeholder only. */
export type TemplateField = { name: string; label: string; example: string };

export type TemplateForm = {
  /** what the header needs: its text's variables, one media link, or nothing the dashboard can give */
  header:
    | { kind: "none" }
    | { kind: "text"; fields: TemplateField[] }
    | { kind: "image" | "video" | "document"; example: string }
    | { kind: "location" };
  body: TemplateField[];
  /** URL buttons whose link ends in a variable, by their position among the buttons */
  buttons: (TemplateField & { index: number })[];
};

/** What a person typed, in the order of `TemplateForm`'s fields. */
export type TemplateValues = {
  header: readonly string[];
  headerLink?: string;
  body: readonly string[];
  buttons: readonly string[];
};

/** Positional variables in number order ({{1}}, {{2}} …), named ones in order of appearance. */
function variablesOf(text: string): string[] {
  const names = templateVariables(text);
  return names.every((n) => /^\d+$/.test(n)) ? [...names].sort((a, b) => Number(a) - Number(b)) : names;
}

function fieldsOf(text: string, where: string, examples: Record<string, string>): TemplateField[] {
  return variablesOf(text).map((name) => ({
    name,
    label: `${where} {{${name}}}`,
    example: examples[name] ?? "",
  }));
}

/** The values a template needs, read from its stored components (as synced). */
export function templateForm(stored: unknown): TemplateForm {
  const parts = templateParts(stored);
  const h = parts.header;
  const format = h?.format ?? "NONE";
  const header: TemplateForm["header"] =
    format === "NONE"
      ? { kind: "none" }
      : format === "TEXT"
        ? { kind: "text", fields: fieldsOf(h?.text ?? "", "Header", h?.examples ?? {}) }
        : format === "IMAGE" || format === "VIDEO" || format === "DOCUMENT"
          ? { kind: format.toLowerCase() as "image" | "video" | "document", example: "" }
          : { kind: "location" };
  const buttons = parts.buttons.flatMap((b, index) => {
    const [name] = templateVariables(b.url ?? "");
    if (name === undefined) return [];
    return [{ name, label: `Link of “${b.text}”`, example: "", index }];
  });
  return { header, body: fieldsOf(parts.body ?? "", "Body", parts.bodyExamples), buttons };
}

/** Every field of the form that has no value yet (blank counts as none). */
export function missingFields(form: TemplateForm, values: TemplateValues): string[] {
  const missing: string[] = [];
  const check = (fields: TemplateField[], given: readonly string[]) =>
    fields.forEach((f, i) => {
      if (!given[i]?.trim()) missing.push(f.label);
    });
  if (form.header.kind === "text") check(form.header.fields, values.header);
  if (form.header.kind === "image" || form.header.kind === "video" || form.header.kind === "document") {
    if (!values.headerLink?.trim()) missing.push(`Header ${form.header.kind} link`);
  }
  check(form.body, values.body);
  check(form.buttons, values.buttons);
  return missing;
}

function textParameters(fields: TemplateField[], given: readonly string[], named: boolean) {
  return fields.flatMap((f, i): TemplateParameterInput[] => {
    const text = given[i]?.trim();
    if (!text) return [];
    return [named ? { type: "text", text, parameter_name: f.name } : { type: "text", text }];
  });
}

/**
 * The send's components from what a person typed. A blank value is left out (never replaced by
 * the template's example), so the send path refuses the send with the missing variable named.
 */
export function buildTemplateComponents(
  stored: unknown,
  parameterFormat: string,
  values: TemplateValues,
): TemplateComponentInput[] {
  const form = templateForm(stored);
  const named = parameterFormat === "NAMED";
  const out: TemplateComponentInput[] = [];
  const h = form.header;
  if (h.kind === "text" && h.fields.length > 0) {
    const parameters = textParameters(h.fields, values.header, named);
    if (parameters.length > 0) out.push({ type: "header", parameters });
  }
  const link = values.headerLink?.trim();
  if (link && h.kind === "image")
    out.push({ type: "header", parameters: [{ type: "image", image: { link } }] });
  if (link && h.kind === "video")
    out.push({ type: "header", parameters: [{ type: "video", video: { link } }] });
  if (link && h.kind === "document") {
    out.push({ type: "header", parameters: [{ type: "document", document: { link } }] });
  }
  const body = textParameters(form.body, values.body, named);
  if (body.length > 0) out.push({ type: "body", parameters: body });
  form.buttons.forEach((b, i) => {
    const text = values.buttons[i]?.trim();
    if (text) {
      out.push({ type: "button", sub_type: "url", index: b.index, parameters: [{ type: "text", text }] });
    }
  });
  return out;
}
