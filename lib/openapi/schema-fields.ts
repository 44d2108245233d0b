import type { oas31 } from "zod-openapi";
import { isRef, refName, resolveSchema, type Schema, typesOf } from "./refs";

/** One row of a fields table on the reference page. */
export type FieldRow = {
  name: string;
  type: string;
  required: boolean;
  description: string;
  notes: string[];
};

/** The schema without its `null` branch, for nullable fields written as `anyOf: [T, null]`. */
function withoutNull(document: oas31.OpenAPIObject, schema: oas31.SchemaObject): oas31.SchemaObject {
  const branches = (schema.anyOf ?? schema.oneOf ?? []).filter(
    (b) => !typesOf(resolveSchema(document, b)).includes("null"),
  );
  const [only] = branches;
  return branches.length === 1 && only ? resolveSchema(document, only) : schema;
}

export function typeLabel(document: oas31.OpenAPIObject, schema: Schema | undefined, depth = 0): string {
  if (!schema || depth > 8) return "any";
  const s = resolveSchema(document, schema);
  if (isRef(schema) && s.properties) return refName(schema);
  if (s.const !== undefined) return JSON.stringify(s.const);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.map((b) => typeLabel(document, b, depth + 1)).join(" | ");
  const types = typesOf(s);
  const labels = (types.length > 0 ? types : s.properties ? ["object"] : ["any"]).map((t) => {
    if (t === "array") {
      const item = typeLabel(document, s.items, depth + 1);
      return item.includes(" | ") ? `(${item})[]` : `${item}[]`;
    }
    return t === "string" && s.format ? `string (${s.format})` : t;
  });
  return labels.join(" | ");
}

export function notesOf(document: oas31.OpenAPIObject, schema: oas31.SchemaObject): string[] {
  const s = withoutNull(document, schema);
  const notes: string[] = [];
  if (s.enum && s.enum.length <= 12) notes.push(`one of ${s.enum.map((v) => `\`${String(v)}\``).join(", ")}`);
  if (s.minLength !== undefined && s.maxLength !== undefined)
    notes.push(`${s.minLength}–${s.maxLength} characters`);
  else if (s.maxLength !== undefined) notes.push(`at most ${s.maxLength} characters`);
  else if (s.minLength !== undefined) notes.push(`at least ${s.minLength} characters`);
  if (s.minimum !== undefined) notes.push(`minimum ${s.minimum}`);
  if (s.maximum !== undefined) notes.push(`maximum ${s.maximum}`);
  if (s.maxItems !== undefined) notes.push(`at most ${s.maxItems} items`);
  if (s.maxProperties !== undefined) notes.push(`at most ${s.maxProperties} keys`);
  if (s.pattern && s.pattern.length <= 40) notes.push(`pattern \`${s.pattern}\``);
  if (typeof s.additionalProperties === "object") {
    notes.push(`values: ${typeLabel(document, s.additionalProperties)}`);
  }
  if (s.default !== undefined) notes.push(`default \`${JSON.stringify(s.default)}\``);
  const items = typesOf(s).includes("array") ? resolveSchema(document, s.items) : undefined;
  if (items && !items.properties) notes.push(...notesOf(document, items).map((note) => `each item: ${note}`));
  return notes;
}

/**
 * The fields of an object schema as table rows, nested objects and arrays of objects
 * flattened into dotted names (`template.language.code`, `sections[].rows[].id`).
 */
export function fieldsOf(
  document: oas31.OpenAPIObject,
  schema: Schema | undefined,
  prefix = "",
  depth = 0,
): FieldRow[] {
  const s = withoutNull(document, resolveSchema(document, schema));
  if (!s.properties || depth > 6) return [];
  const rows: FieldRow[] = [];
  for (const [key, property] of Object.entries(s.properties)) {
    const resolved = resolveSchema(document, property);
    const name = `${prefix}${key}`;
    rows.push({
      name,
      type: typeLabel(document, property),
      required: s.required?.includes(key) ?? false,
      description: property.description ?? resolved.description ?? "",
      notes: notesOf(document, resolved),
    });
    const inner = withoutNull(document, resolved);
    const item = typesOf(inner).includes("array")
      ? withoutNull(document, resolveSchema(document, inner.items))
      : undefined;
    if (inner.properties) rows.push(...fieldsOf(document, inner, `${name}.`, depth + 1));
    else if (item?.properties) rows.push(...fieldsOf(document, item, `${name}[].`, depth + 1));
  }
  return rows;
}
