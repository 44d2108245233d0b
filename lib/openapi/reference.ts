import type { oas31 } from "zod-openapi";
import { exampleOf } from "./examples";
import { isRef, resolveRef, resolveSchema, typesOf } from "./refs";
import { type FieldRow, fieldsOf, notesOf, typeLabel } from "./schema-fields";

/** What the /docs page shows of one operation, read from the OpenAPI document. */
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  scope: string;
  params: (FieldRow & { in: string })[];
  body: { fields: FieldRow[]; example: unknown } | null;
  success: { status: string; data: string; list: boolean; fields: FieldRow[]; example: unknown };
  errors: { status: string; code: string; cause: string }[];
};

export type TagView = { name: string; description: string; operations: OperationView[] };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function paramRows(document: oas31.OpenAPIObject, op: oas31.OperationObject): OperationView["params"] {
  return (op.parameters ?? []).flatMap((p) => {
    const param = resolveRef<oas31.ParameterObject>(document, "parameters", p);
    if (!param) return [];
    const schema = resolveSchema(document, param.schema);
    return [
      {
        name: param.name,
        in: param.in,
        type: typeLabel(document, param.schema),
        required: param.required ?? false,
        description: param.description ?? schema.description ?? "",
        notes: notesOf(document, schema),
      },
    ];
  });
}

function jsonOf(content: oas31.ContentObject | undefined): oas31.MediaTypeObject | undefined {
  return content?.["application/json"];
}

function responsesOf(document: oas31.OpenAPIObject, op: oas31.OperationObject) {
  return Object.entries(op.responses ?? {}).flatMap(([status, value]: [string, unknown]) => {
    // ResponsesObject types its entries as any; they are responses or references to one
    const response = resolveRef(document, "responses", value as oas31.ResponseObject | oas31.ReferenceObject);
    return response ? [{ status, response }] : [];
  });
}

function successOf(document: oas31.OpenAPIObject, op: oas31.OperationObject): OperationView["success"] {
  const found = responsesOf(document, op).find((r) => r.status.startsWith("2"));
  const media = jsonOf(found?.response.content);
  const data = resolveSchema(document, media?.schema).properties?.data;
  const resolved = resolveSchema(document, data);
  const list = typesOf(resolved).includes("array");
  return {
    status: found?.status ?? "200",
    data: typeLabel(document, data),
    list,
    fields: fieldsOf(document, list ? resolved.items : data),
    example: media?.example ?? exampleOf(document, media?.schema),
  };
}

function errorsOf(document: oas31.OpenAPIObject, op: oas31.OperationObject): OperationView["errors"] {
  return responsesOf(document, op)
    .filter((r) => !r.status.startsWith("2"))
    .flatMap(({ status, response }) =>
      Object.entries(jsonOf(response.content)?.examples ?? {}).map(([code, example]) => ({
        status,
        code,
        cause: isRef(example) ? "" : String(example.summary ?? ""),
      })),
    );
}

function operationView(
  document: oas31.OpenAPIObject,
  path: string,
  method: string,
  op: oas31.OperationObject,
) {
  const body = isRef(op.requestBody) ? undefined : jsonOf(op.requestBody?.content);
  const scope: unknown = op["x-required-scope"];
  return {
    id: op.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: op.summary ?? `${method.toUpperCase()} ${path}`,
    description: op.description ?? "",
    scope: typeof scope === "string" ? scope : "",
    params: paramRows(document, op),
    body: body ? { fields: fieldsOf(document, body.schema), example: body.example } : null,
    success: successOf(document, op),
    errors: errorsOf(document, op),
  } satisfies OperationView;
}

/** The operations of the document grouped by their first tag, in the document's tag order. */
export function referenceOf(document: oas31.OpenAPIObject): TagView[] {
  const tags: TagView[] = (document.tags ?? []).map((t) => ({
    name: t.name,
    description: t.description ?? "",
    operations: [],
  }));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const name = op.tags?.[0] ?? "Other";
      let tag = tags.find((t) => t.name === name);
      if (!tag) {
        tag = { name, description: "", operations: [] };
        tags.push(tag);
      }
      tag.operations.push(operationView(document, path, method, op));
    }
  }
  return tags.filter((t) => t.operations.length > 0);
}
