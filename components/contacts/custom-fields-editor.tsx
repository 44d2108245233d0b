"use client";

import { type CustomFieldRow, type FieldType, newFieldRow } from "@/components/contacts/contact-form-state";
import { Button } from "@/components/ui/button";
import { Input, sentence } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { CONTACT_LIMITS } from "@/lib/contacts/schemas";

const TYPES = [
  { value: "string", label: "Text" },
  { value: "number", label: "Number" },
  { value: "boolean", label: "Yes/No" },
] as const;

export type CustomFieldsEditorProps = {
  rows: CustomFieldRow[];
  onChange: (rows: CustomFieldRow[]) => void;
  /** keyed `field:<row id>` (per row) or `custom_fields` (the whole object) */
  errors: Record<string, string>;
};

/** Key/value rows with a primitive type each (text, number, yes/no), as the contract allows. */
export function CustomFieldsEditor({ rows, onChange, errors }: CustomFieldsEditorProps) {
  const update = (id: string, patch: Partial<CustomFieldRow>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Custom fields</legend>
      {rows.length === 0 ? <p className="text-sm text-slate-500">No custom fields.</p> : null}
      {rows.map((row, index) => (
        <div key={row.id} className="grid grid-cols-[1fr_8.5rem_1fr_auto] items-start gap-2">
          <Input
            label={`Name of field ${index + 1}`}
            hideLabel
            placeholder="Name"
            value={row.key}
            maxLength={CONTACT_LIMITS.customFieldKeyLength}
            error={errors[`field:${row.id}`]}
            onChange={(e) => update(row.id, { key: e.target.value })}
          />
          <Select
            label={`Type of field ${index + 1}`}
            hideLabel
            options={TYPES}
            value={row.type}
            onChange={(e) => {
              const type = e.target.value as FieldType;
              update(row.id, { type, value: type === "boolean" ? "true" : row.value });
            }}
          />
          {row.type === "boolean" ? (
            <Select
              label={`Value of field ${index + 1}`}
              hideLabel
              value={row.value}
              options={[
                { value: "true", label: "Yes" },
                { value: "false", label: "No" },
              ]}
              onChange={(e) => update(row.id, { value: e.target.value })}
            />
          ) : (
            <Input
              label={`Value of field ${index + 1}`}
              hideLabel
              placeholder="Value"
              value={row.value}
              type={row.type === "number" ? "number" : "text"}
              step="any"
              maxLength={CONTACT_LIMITS.customFieldValueLength}
              onChange={(e) => update(row.id, { value: e.target.value })}
            />
          )}
          <Button
            variant="ghost"
            size="sm"
            className="mt-1"
            onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
          >
            Remove<span className="sr-only"> field {index + 1}</span>
          </Button>
        </div>
      ))}
      {errors.custom_fields ? (
        <p className="text-xs font-medium text-red-700">{sentence(errors.custom_fields)}</p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        disabled={rows.length >= CONTACT_LIMITS.customFields}
        onClick={() => onChange([...rows, newFieldRow()])}
      >
        Add field
      </Button>
    </fieldset>
  );
}
