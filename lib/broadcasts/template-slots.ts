type Stored = {
  type?: unknown;
  format?: unknown;
  text?: unknown;
  buttons?: { type?: unknown; text?: unknown; url?: unknown }[];
};

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** One value the chosen template needs: a header or body variable, a media header, a URL button's suffix. */
export type Slot = {
  id: string;
  label: string;
  part: "header" | "body" | "button";
  /** the variable's name (`1`, `first_name`); for a media header its format (IMAGE, VIDEO, DOCUMENT) */
  name: string;
  media: boolean;
  /** the button's index, for a URL button */
  index?: number;
};

/** Where a slot's value comes from, as chosen in the wizard. */
export type Source =
  | { kind: "contact"; field: string; fallback: string }
  | { kind: "column"; column: string; fallback: string }
  | { kind: "text"; text: string };

const VARIABLE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function variables(text: string | null | undefined): string[] {
  return [...new Set([...(text ?? "").matchAll(VARIABLE)].map((m) => m[1] ?? ""))];
}

/** The slots of a stored template's components (Cloud API HEADER, BODY, BUTTONS), in message order. */
export function slotsOf(components: unknown[]): Slot[] {
  const all = components.filter((c): c is Stored => typeof c === "object" && c !== null);
  const find = (type: string) => all.find((c) => str(c.type).toUpperCase() === type);
  const head = find("HEADER");
  const parts = {
    header: head ? { format: (str(head.format) || "TEXT").toUpperCase(), text: str(head.text) } : null,
    body: str(find("BODY")?.text),
    buttons: (find("BUTTONS")?.buttons ?? []).map((b) => ({
      type: str(b.type),
      text: str(b.text),
      url: str(b.url),
    })),
  };
  const slots: Slot[] = [];
  if (parts.header && parts.header.format !== "TEXT" && parts.header.format !== "LOCATION") {
    const f = parts.header.format;
    slots.push({
      id: "header:media",
      label: `Header ${f.toLowerCase()} link`,
      part: "header",
      name: f,
      media: true,
    });
  }
  if (parts.header?.format === "TEXT") {
    for (const v of variables(parts.header.text)) {
      slots.push({ id: `header:${v}`, label: `Header {{${v}}}`, part: "header", name: v, media: false });
    }
  }
  for (const v of variables(parts.body)) {
    slots.push({ id: `body:${v}`, label: `Body {{${v}}}`, part: "body", name: v, media: false });
  }
  parts.buttons.forEach((b, index) => {
    if (b.type.toUpperCase() !== "URL") return;
    for (const v of variables(b.url)) {
      slots.push({
        id: `button:${index}`,
        label: `Button “${b.text}” link {{${v}}}`,
        part: "button",
        name: v,
        media: false,
        index,
      });
    }
  });
  return slots;
}

/** A CSV column as a placeholder key: what `{{variables.KEY}}` allows (no bar or braces). */
export function columnKey(column: string): string {
  return column.replace(/[|{}]/g, "").trim().slice(0, 64);
}

/** A slot's parameter text: a placeholder the server fills per recipient, or fixed text. */
export function parameterText(source: Source): string {
  if (source.kind === "text") return source.text;
  const key = source.kind === "contact" ? `contact.${source.field}` : `variables.${columnKey(source.column)}`;
  const fallback = source.fallback.replace(/[{}]/g, "").trim();
  return fallback ? `{{${key}|${fallback}}}` : `{{${key}}}`;
}

/** The send's components for the chosen sources, as the API takes them. */
export function buildComponents(slots: Slot[], sources: Record<string, Source>): unknown[] {
  const named = slots.some((s) => !s.media && !/^\d+$/.test(s.name));
  const param = (slot: Slot) => {
    const text = parameterText(sources[slot.id] ?? { kind: "text", text: "" });
    return named && slot.part !== "button"
      ? { type: "text", text, parameter_name: slot.name }
      : { type: "text", text };
  };
  const out: unknown[] = [];
  const header = slots.filter((s) => s.part === "header");
  const media = header.find((s) => s.media);
  if (media) {
    const link = parameterText(sources[media.id] ?? { kind: "text", text: "" });
    const type = media.name.toLowerCase();
    out.push({ type: "header", parameters: [{ type, [type]: { link } }] });
  } else if (header.length > 0) {
    out.push({ type: "header", parameters: header.map(param) });
  }
  const body = slots.filter((s) => s.part === "body");
  if (body.length > 0) out.push({ type: "body", parameters: body.map(param) });
  for (const b of slots.filter((s) => s.part === "button")) {
    out.push({ type: "button", sub_type: "url", index: b.index, parameters: [param(b)] });
  }
  return out;
}

/** Whether every slot has a usable source (fixed text not empty, a column or field named). */
export function slotsComplete(slots: Slot[], sources: Record<string, Source>): boolean {
  return slots.every((s) => {
    const source = sources[s.id];
    if (!source) return false;
    if (source.kind === "text") return source.text.trim() !== "";
    if (source.kind === "column") return source.column !== "";
    return source.field.trim() !== "" && source.field !== "custom_fields.";
  });
}

const header = (s: string) => s.trim().toLowerCase();

/**
 * A CSV audience's columns matched to the template's variables by header: a column named like a
 * slot's variable (`first_name`, `1`, `{{1}}`) or its label (`Body {{1}}`), in any case, becomes
 * that slot's source. Slots that already have a source keep it, and the wizard lets the person
 * change any of them. Media slots take links, never columns.
 */
export function matchColumns(
  slots: Slot[],
  columns: readonly string[],
  sources: Record<string, Source>,
): Record<string, Source> {
  const byHeader = new Map(columns.map((c) => [header(c), c]));
  const out = { ...sources };
  for (const slot of slots) {
    if (slot.media || out[slot.id]) continue;
    const column = [slot.name, `{{${slot.name}}}`, slot.label]
      .map((n) => byHeader.get(header(n)))
      .find(Boolean);
    if (column) out[slot.id] = { kind: "column", column, fallback: "" };
  }
  return out;
}
