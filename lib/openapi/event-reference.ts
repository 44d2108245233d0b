import type { oas31 } from "zod-openapi";
import { exampleOf } from "./examples";
import { resolveSchema } from "./refs";
import { type FieldRow, fieldsOf, notesOf, typeLabel } from "./schema-fields";

/** What the /docs page shows of one event, read from the document's `webhooks`. */
export type EventView = {
  id: string;
  name: string;
  summary: string;
  description: string;
  headers: FieldRow[];
  fields: FieldRow[];
  example: unknown;
};

function headerRows(document: oas31.OpenAPIObject, op: oas31.OperationObject): FieldRow[] {
  return (op.parameters ?? []).flatMap((p) => {
    if ("$ref" in p) return [];
    const schema = resolveSchema(document, p.schema);
    return [
      {
        name: p.name,
        type: typeLabel(document, p.schema),
        required: p.required ?? false,
        description: p.description ?? schema.description ?? "",
        notes: notesOf(document, schema),
      },
    ];
  });
}

/** Every event of the document's `webhooks`, in the document's order. */
export function eventsOf(document: oas31.OpenAPIObject): EventView[] {
  return Object.entries(document.webhooks ?? {}).flatMap(([name, item]) => {
    const op = "$ref" in item ? undefined : item.post;
    if (!op) return [];
    const body = op.requestBody && !("$ref" in op.requestBody) ? op.requestBody : undefined;
    const schema = body?.content["application/json"]?.schema;
    return [
      {
        id: `event-${name.replace(/\./g, "-")}`,
        name,
        summary: op.summary ?? name,
        description: op.description ?? "",
        headers: headerRows(document, op),
        fields: fieldsOf(document, schema),
        example: exampleOf(document, schema),
      },
    ];
  });
}
