import type { oas31 } from "zod-openapi";
import { isRef, resolveSchema, type Schema, typesOf } from "./refs";

const BY_FORMAT: Record<string, string> = {
  uuid: "3f1c2b9e-8d4a-4f6b-9c7e-2a5d1e0b7c64",
  "date-time": "2026-01-15T09:30:00.000Z",
  email: "ada@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
};

/** Values by field name read better than "string" for the fields every API has. */
const BY_NAME: Record<string, string> = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+14155550123",
  to: "+14155550123",
  url: "https://example.com/webhooks/messaging",
};

/**
 * A plausible value for a schema: its own example, const, default or first enum value, else
 * one built from its type. Lets every operation show a full answer without hand-written JSON.
 */
export function exampleOf(
  document: oas31.OpenAPIObject,
  schema: Schema | undefined,
  name = "",
  depth = 0,
): unknown {
  if (depth > 12) return null;
  const s = resolveSchema(document, schema);
  const own = s.example ?? s.examples?.[0] ?? s.const ?? s.default ?? s.enum?.[0];
  if (own !== undefined) return own;
  const branch = (s.anyOf ?? s.oneOf)?.find((b) => !typesOf(resolveSchema(document, b)).includes("null"));
  if (branch) return exampleOf(document, branch, name, depth + 1);
  const type = typesOf(s).find((t) => t !== "null") ?? (s.properties ? "object" : undefined);
  switch (type) {
    case "object": {
      if (s.properties) {
        return Object.fromEntries(
          Object.entries(s.properties).map(([key, prop]) => [key, exampleOf(document, prop, key, depth + 1)]),
        );
      }
      const values = typeof s.additionalProperties === "object" ? s.additionalProperties : undefined;
      return values ? { key: exampleOf(document, values, "", depth + 1) } : {};
    }
    case "array":
      return [exampleOf(document, s.items, "", depth + 1)];
    case "string":
      return (s.format && BY_FORMAT[s.format]) ?? BY_NAME[name] ?? "string";
    case "integer":
    case "number":
      return s.minimum ?? 0;
    case "boolean":
      return true;
    default:
      return typesOf(s).includes("null") ? null : {};
  }
}

function addExample(document: oas31.OpenAPIObject, content: oas31.ContentObject | undefined): void {
  const media = content?.["application/json"];
  if (media && media.example === undefined && media.examples === undefined) {
    media.example = exampleOf(document, media.schema);
  }
}

/** Adds an example to every request body and success answer that has none. */
export function attachExamples(document: oas31.OpenAPIObject): oas31.OpenAPIObject {
  for (const item of Object.values(document.paths ?? {})) {
    for (const op of [item.get, item.post, item.put, item.patch, item.delete]) {
      if (!op) continue;
      if (op.requestBody && !isRef(op.requestBody)) addExample(document, op.requestBody.content);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const answer: unknown = response;
        if (status.startsWith("2") && !isRef(answer))
          addExample(document, (answer as oas31.ResponseObject).content);
      }
    }
  }
  return document;
}
