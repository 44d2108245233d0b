import { z } from "zod";
import type { CreateDocumentOptions } from "zod-openapi";

type Override = NonNullable<CreateDocumentOptions["override"]>;

/** Formats that say what zod's long generated patterns say, in a word a reader understands. */
const SELF_DESCRIBING_FORMATS = new Set(["uuid", "date-time", "email"]);
const NUMBER_KEYWORDS = ["type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const;

/**
 * Makes rendered schemas read like the contract:
 * - drops zod's generated regex where a format already names the type, and the safe-integer
 *   range that `z.int()` states as bounds;
 * - a query value that a pipe parses into a number (`"20"` → 20) is documented as that number,
 *   with its bounds, instead of as a digit string;
 * - keeps a `.default()` that zod omits from input schemas of transforming types;
 * - leaves answers open to new fields: v1 changes are additive, so a client validating with
 *   `additionalProperties: false` would break on the first new field.
 */
export const readableSchemas: Override = ({ zodSchema, jsonSchema, io }) => {
  if (typeof jsonSchema.format === "string" && SELF_DESCRIBING_FORMATS.has(jsonSchema.format)) {
    delete jsonSchema.pattern;
  }
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (io === "output" && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  if (io !== "input") return;
  const def = zodSchema._zod.def;
  if (def.type === "pipe" && def.out._zod.def.type === "number" && jsonSchema.type === "string") {
    const number = z.toJSONSchema(def.out, { io: "output" });
    delete jsonSchema.pattern;
    for (const keyword of NUMBER_KEYWORDS) {
      const value = number[keyword];
      if (value !== undefined && value !== Number.MIN_SAFE_INTEGER && value !== Number.MAX_SAFE_INTEGER) {
        Object.assign(jsonSchema, { [keyword]: value });
      }
    }
  }
  if (def.type === "default" && jsonSchema.default === undefined) {
    const value: unknown = def.defaultValue;
    if (["string", "number", "boolean"].includes(typeof value)) jsonSchema.default = value;
  }
};
