import type { TemplateComponentInput, TemplateParameterInput } from "@/lib/messages/message-schemas";
import type { StoredTemplateStructure } from "@/lib/messages/validation/template-components";

/** The message as the customer reads it, part by part. */
export type PreviewText = {
  header: string | null;
  /** IMAGE, VIDEO, DOCUMENT or LOCATION for a media header (shown as a box, not text) */
  headerMedia: string | null;
  body: string;
  footer: string | null;
  buttons: string[];
};

function textOf(p: TemplateParameterInput): string {
  if (p.type === "text") return p.text;
  if (p.type === "currency") return p.currency.fallback_value;
  if (p.type === "date_time") return p.date_time.fallback_value;
  return "";
}

function fill(text: string, params: TemplateParameterInput[], named: boolean): string {
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => {
    const p = named
      ? params.find((x) => "parameter_name" in x && x.parameter_name === name)
      : params[Number(name) - 1];
    return p ? textOf(p) : whole;
  });
}

/**
 * A stored template with a send's parameters put in (positional `{{1}}` or named `{{name}}`):
 * what the dashboard shows for a broadcast's first recipients before it is launched.
 * (Issue 19 brings one renderer for every path in lib/templates; this one should fold into it.)
 */
export function renderPreview(
  stored: StoredTemplateStructure,
  components: TemplateComponentInput[],
): PreviewText {
  const named = stored.parameterFormat === "NAMED";
  const paramsOf = (type: string) => components.find((c) => c.type === type)?.parameters ?? [];
  const find = (type: string) => stored.components.find((c) => c.type.toUpperCase() === type);
  const header = find("HEADER");
  const format = (header?.format ?? "TEXT").toUpperCase();
  return {
    header: header && format === "TEXT" ? fill(header.text ?? "", paramsOf("header"), named) : null,
    headerMedia: header && format !== "TEXT" ? format : null,
    body: fill(find("BODY")?.text ?? "", paramsOf("body"), named),
    footer: find("FOOTER")?.text ?? null,
    buttons: (find("BUTTONS")?.buttons ?? []).map((b) => b.text ?? ""),
  };
}
