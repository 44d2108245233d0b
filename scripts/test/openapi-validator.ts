import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { oas31 } from "zod-openapi";

type Json = Record<string, unknown>;

/** Every object schema that lists its properties, closed: a field the document does not name fails. */
function closed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closed);
  if (typeof value !== "object" || value === null) return value;
  const out: Json = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closed(v)]));
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/**
 * Validators of what the document promises, for tests that check real traffic against it: the
 * schema of each event's body and headers (`webhooks`), or of any component. Objects are checked
 * closed, so a payload built in SQL with a field the schema lacks fails too.
 */
export function openApiValidator(document: oas31.OpenAPIObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const components = closed(document.components ?? {});
  const compile = (schema: unknown) => ajv.compile({ ...(closed(schema) as Json), components });

  return {
    /** errors of one delivery of `event` (headers lower-cased, as node:http gives them), or [] */
    delivery(event: string, headers: Record<string, unknown>, body: unknown): string[] {
      const item = document.webhooks?.[event];
      const op = item && !("$ref" in item) ? item.post : undefined;
      if (!op) return [`the document has no webhook ${event}`];
      const requestBody = op.requestBody && !("$ref" in op.requestBody) ? op.requestBody : undefined;
      const validate = compile(requestBody?.content["application/json"]?.schema);
      const errors = validate(body)
        ? []
        : (validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message}`);
      for (const param of op.parameters ?? []) {
        if ("$ref" in param || param.in !== "header") continue;
        const value = headers[param.name.toLowerCase()];
        if (value === undefined) {
          if (param.required) errors.push(`header ${param.name} is missing`);
          continue;
        }
        const check = compile(param.schema);
        if (!check(value))
          errors.push(`header ${param.name}: ${JSON.stringify(value)} ${check.errors?.[0]?.message}`);
      }
      return errors;
    },
    /** errors of `value` against any schema of the document (a `$ref` or an inline one), or [] */
    schema(schema: unknown, value: unknown): string[] {
      const validate = compile(schema);
      return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    },
  };
}
