import type { TemplateComponentInput, TemplateParameterInput } from "@/lib/messages/message-schemas";
import { fillVariables, templateParts, templateVariables } from "@/lib/templates/template-parts";

export type RenderedButton = { type: string; text: string; url: string | null };

/** What a media or location header shows instead of text. */
export type RenderedHeaderMedia =
  | { kind: "image" | "video" | "document"; link: string | null; filename: string | null }
  | { kind: "location"; name: string | null; address: string | null };

export type RenderedTemplate = {
  /** a TEXT header as the customer reads it */
  header: string | null;
  headerMedia: RenderedHeaderMedia | null;
  body: string | null;
  footer: string | null;
  buttons: RenderedButton[];
  /** variables no parameter fills, as `body {{2}}`: a preview shows them; a validated send has none */
  missing: string[];
};

/** The text a parameter puts in the message (a currency or date shows its fallback value). */
function parameterText(p: TemplateParameterInput): string | undefined {
  if (p.type === "text") return p.text;
  if (p.type === "currency") return p.currency.fallback_value;
  if (p.type === "date_time") return p.date_time.fallback_value;
  return undefined;
}

function nameOf(p: TemplateParameterInput): string | undefined {
  return "parameter_name" in p ? p.parameter_name : undefined;
}

/**
 * A header's or body's text with its variables filled: positional `{{n}}` takes the n-th
 * parameter (the Cloud API's rule), a named `{{first_name}}` the parameter of that name.
 */
function fill(
  text: string,
  params: TemplateParameterInput[],
  named: boolean,
  where: string,
  missing: string[],
): string {
  const order = templateVariables(text);
  const valueFor = (name: string) => {
    if (named) {
      const p = params.find((q) => nameOf(q) === name);
      return p ? parameterText(p) : undefined;
    }
    const index = /^\d+$/.test(name) ? Number(name) - 1 : order.indexOf(name);
    const p = params[index];
    return p ? parameterText(p) : undefined;
  };
  for (const name of order) if (valueFor(name) === undefined) missing.push(`${where} {{${name}}}`);
  return fillVariables(text, valueFor);
}

function headerMedia(format: string, params: TemplateParameterInput[]): RenderedHeaderMedia | null {
  const p = params[0];
  if (format === "LOCATION") {
    return p?.type === "location"
      ? { kind: "location", name: p.location.name, address: p.location.address }
      : { kind: "location", name: null, address: null };
  }
  if (format !== "IMAGE" && format !== "VIDEO" && format !== "DOCUMENT") return null;
  const kind = format.toLowerCase() as "image" | "video" | "document";
  if (p?.type === "image") return { kind, link: p.image.link, filename: null };
  if (p?.type === "video") return { kind, link: p.video.link, filename: null };
  if (p?.type === "document") return { kind, link: p.document.link, filename: p.document.filename ?? null };
  return { kind, link: null, filename: null };
}

/**
 * The exact message a template send puts in front of the customer: the stored template (Cloud
 * API components as synced) with the send's components applied. Pure, so the dashboard's
 * preview and the stored copy (lib/messages/repository/outbound.ts) are the same text.
 */
export function renderTemplate(
  stored: unknown,
  components: readonly TemplateComponentInput[],
  parameterFormat: "POSITIONAL" | "NAMED" | string = "POSITIONAL",
): RenderedTemplate {
  const parts = templateParts(stored);
  const named = parameterFormat === "NAMED";
  const paramsOf = (type: "header" | "body") => components.find((c) => c.type === type)?.parameters ?? [];
  const missing: string[] = [];
  let header: string | null = null;
  let media: RenderedHeaderMedia | null = null;
  if (parts.header?.format === "TEXT") {
    header = fill(parts.header.text ?? "", paramsOf("header"), named, "header", missing);
  } else if (parts.header) {
    media = headerMedia(parts.header.format, paramsOf("header"));
  }
  const body = parts.body === null ? null : fill(parts.body, paramsOf("body"), named, "body", missing);
  const buttons = parts.buttons.map((b, index): RenderedButton => {
    if (!b.url) return { type: b.type, text: b.text, url: null };
    const given = components.find((c) => c.type === "button" && c.index === index)?.parameters ?? [];
    const where = `button ${index + 1}`;
    return { type: b.type, text: b.text, url: fill(b.url, given, false, where, missing) };
  });
  return { header, headerMedia: media, body, footer: parts.footer, buttons, missing };
}
