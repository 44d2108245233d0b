"use client";

import { TemplateMessagePreview } from "@/components/conversations/template-message-preview";
import { Input } from "@/components/ui/input";
import { renderTemplate } from "@/lib/messages/render-template";
import {
  buildTemplateComponents,
  type TemplateField,
  type TemplateForm,
  type TemplateValues,
} from "@/lib/messages/template-fields";

export type EditableValues = { header: string[]; headerLink: string; body: string[]; buttons: string[] };

export const NO_VALUES: EditableValues = { header: [], headerLink: "", body: [], buttons: [] };

type Part = "header" | "body" | "buttons";

/**
 * One input per variable of the chosen template, then the message as the customer will read it.
 * The template's example values are placeholders ("e.g. …") and are never sent.
 */
export function TemplateReplyFields({
  form,
  stored,
  parameterFormat,
  values,
  onChange,
}: {
  form: TemplateForm;
  stored: unknown[];
  parameterFormat: string;
  values: EditableValues;
  onChange: (next: EditableValues) => void;
}) {
  const set = (part: Part, i: number, value: string) => {
    const list = [...values[part]];
    list[i] = value;
    onChange({ ...values, [part]: list });
  };
  const inputs = (part: Part, fields: readonly TemplateField[]) =>
    fields.map((f, i) => (
      <Input
        key={`${part}-${f.name}`}
        label={f.label}
        required
        placeholder={f.example ? `e.g. ${f.example}` : undefined}
        value={values[part][i] ?? ""}
        onChange={(e) => set(part, i, e.target.value)}
        maxLength={1024}
      />
    ));
  const h = form.header;
  const rendered = renderTemplate(
    stored,
    buildTemplateComponents(stored, parameterFormat, values),
    parameterFormat,
  );
  return (
    <div className="space-y-3">
      {h.kind === "text" ? inputs("header", h.fields) : null}
      {h.kind === "image" || h.kind === "video" || h.kind === "document" ? (
        <Input
          label={`Header ${h.kind} link`}
          type="url"
          required
          inputMode="url"
          placeholder="https://…"
          hint={`A public HTTPS link to the ${h.kind} the customer receives above the text.`}
          value={values.headerLink}
          onChange={(e) => onChange({ ...values, headerLink: e.target.value })}
        />
      ) : null}
      {inputs("body", form.body)}
      {inputs("buttons", form.buttons)}
      <TemplateMessagePreview rendered={rendered} />
    </div>
  );
}

export function toTemplateValues(values: EditableValues): TemplateValues {
  return { ...values, headerLink: values.headerLink || undefined };
}
