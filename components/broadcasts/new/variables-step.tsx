"use client";

import type { Draft } from "@/components/broadcasts/new/draft";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { Slot, Source } from "@/lib/broadcasts/template-slots";

const FIELDS = [
  { value: "name", label: "Name" },
  { value: "phone", label: "Phone" },
  { value: "email", label: "E-mail" },
  { value: "custom_fields.", label: "Custom field…" },
];

/** One variable of the template and where its value comes from. */
function SlotSource({
  slot,
  source,
  columns,
  onChange,
}: {
  slot: Slot;
  source: Source;
  columns: string[];
  onChange: (source: Source) => void;
}) {
  const kinds = [
    ...(slot.media ? [] : [{ value: "contact", label: "A contact field" }]),
    ...(columns.length > 0 && !slot.media ? [{ value: "column", label: "A CSV column" }] : []),
    { value: "text", label: slot.media ? "A link (HTTPS)" : "Fixed text" },
  ];
  const setKind = (kind: string) =>
    onChange(
      kind === "contact"
        ? { kind, field: "name", fallback: "" }
        : kind === "column"
          ? { kind, column: columns[0] ?? "", fallback: "" }
          : { kind: "text", text: "" },
    );
  const custom = source.kind === "contact" && source.field.startsWith("custom_fields.");
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{slot.label}</legend>
      <Select
        label="Value from"
        value={source.kind}
        onChange={(e) => setKind(e.target.value)}
        options={kinds}
      />
      {source.kind === "contact" ? (
        <>
          <Select
            label="Field"
            value={custom ? "custom_fields." : source.field}
            onChange={(e) => onChange({ ...source, field: e.target.value })}
            options={FIELDS}
          />
          {custom ? (
            <Input
              label="Custom field key"
              value={source.field.slice("custom_fields.".length)}
              onChange={(e) => onChange({ ...source, field: `custom_fields.${e.target.value}` })}
            />
          ) : null}
        </>
      ) : null}
      {source.kind === "column" ? (
        <Select
          label="Column"
          value={source.column}
          onChange={(e) => onChange({ ...source, column: e.target.value })}
          options={columns.map((c) => ({ value: c, label: c }))}
        />
      ) : null}
      {source.kind === "contact" || source.kind === "column" ? (
        <Input
          label="When empty, use"
          hint="Leave empty to skip recipients without a value"
          value={source.fallback}
          onChange={(e) => onChange({ ...source, fallback: e.target.value })}
        />
      ) : (
        <Input
          label={slot.media ? "Link" : "Text"}
          value={source.text}
          className="sm:col-span-2"
          onChange={(e) => onChange({ kind: "text", text: e.target.value })}
        />
      )}
    </fieldset>
  );
}

/** Step 3: each variable of the template from a contact field, a CSV column or fixed text. */
export function VariablesStep({
  draft,
  slots,
  onChange,
}: {
  draft: Draft;
  slots: Slot[];
  onChange: (patch: Partial<Draft>) => void;
}) {
  if (slots.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        This template has no variables: every recipient gets the same text.
      </p>
    );
  }
  const columns =
    draft.audience === "csv" ? (draft.csv?.columns ?? []).filter((c) => c !== draft.csv?.phoneColumn) : [];
  return (
    <div className="max-w-3xl space-y-3">
      {slots.map((slot) => (
        <SlotSource
          key={slot.id}
          slot={slot}
          columns={columns}
          source={draft.sources[slot.id] ?? { kind: "text", text: "" }}
          onChange={(source) => onChange({ sources: { ...draft.sources, [slot.id]: source } })}
        />
      ))}
    </div>
  );
}
