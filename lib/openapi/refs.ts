import type { oas31 } from "zod-openapi";

export type Schema = oas31.SchemaObject | oas31.ReferenceObject;

export function isRef(value: unknown): value is oas31.ReferenceObject {
  return (
    typeof value === "object" && value !== null && typeof (value as { $ref?: unknown }).$ref === "string"
  );
}

/** The component name of a `#/components/<kind>/<name>` reference. */
export function refName(ref: oas31.ReferenceObject): string {
  return ref.$ref.slice(ref.$ref.lastIndexOf("/") + 1);
}

/** Follows schema references within the document (zod-openapi emits only local ones). */
export function resolveSchema(document: oas31.OpenAPIObject, schema: Schema | undefined): oas31.SchemaObject {
  let current: Schema | undefined = schema;
  for (let hops = 0; current && isRef(current) && hops < 16; hops++) {
    current = document.components?.schemas?.[refName(current)];
  }
  return current && !isRef(current) ? current : {};
}

export function resolveRef<T extends object>(
  document: oas31.OpenAPIObject,
  kind: "parameters" | "headers" | "responses" | "requestBodies",
  value: T | oas31.ReferenceObject | undefined,
): T | undefined {
  if (!isRef(value)) return value;
  const found: unknown = document.components?.[kind]?.[refName(value)];
  return found !== undefined && !isRef(found) ? (found as T) : undefined;
}

/** The types named by `type`, which OpenAPI 3.1 allows as a string or an array. */
export function typesOf(schema: oas31.SchemaObject): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  return [];
}
