import type { z } from "zod";
import { errors } from "@/sandbox/errors";
import type { GraphError } from "@/sandbox/graph-error";

type Path = readonly PropertyKey[];

/** Graph names nested parameters like template['components'][0]['parameters']. */
export function graphPath(path: Path): string {
  return path
    .map((key, i) => {
      if (typeof key === "number") return `[${key}]`;
      return i === 0 ? String(key) : `['${String(key)}']`;
    })
    .join("");
}

function valueAt(input: unknown, path: Path): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Custom issues carry `params.graphCode` to pick 131009 over 100. */
export const VALUE_NOT_VALID = { graphCode: 131009 } as const;

function toGraphError(issue: z.core.$ZodIssue, input: unknown, prefix: Path): GraphError {
  const path = [...prefix, ...issue.path];
  const name = graphPath(path);
  const where = name === "" ? "the request" : `param "${name}"`;
  switch (issue.code) {
    case "invalid_type":
      if (valueAt(input, issue.path) === undefined) return errors.required(name);
      return errors.invalidParameter(`Param ${name} must be ${article(issue.expected)}.`);
    case "unrecognized_keys":
      return errors.invalidParameter(`Unexpected key "${issue.keys[0] ?? ""}" on ${where}.`);
    case "invalid_union":
      if (valueAt(input, issue.path) === undefined) return errors.required(name);
      return errors.invalidParameter(
        "options" in issue && Array.isArray(issue.options)
          ? `Param ${name} must be one of {${issue.options.join(", ")}}.`
          : `Param ${name} is not valid.`,
      );
    case "invalid_value":
      if (valueAt(input, issue.path) === undefined) return errors.required(name);
      return errors.invalidParameter(`Param ${name} must be one of {${issue.values.join(", ")}}.`);
    case "invalid_format":
      return errors.invalidParameter(
        `Param ${name} must be a valid ${issue.format === "url" ? "URL" : issue.format}.`,
      );
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return errors.required(name);
      return errors.parameterValue(`Param ${name} must ${bound("least", issue.origin, issue.minimum)}.`);
    case "too_big":
      return errors.parameterValue(`Param ${name} must ${bound("most", issue.origin, issue.maximum)}.`);
    case "custom":
      return issue.params?.graphCode === VALUE_NOT_VALID.graphCode
        ? errors.parameterValue(issue.message)
        : errors.invalidParameter(issue.message);
    default:
      return errors.invalidParameter(`Param ${name} is not valid.`);
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function bound(word: "least" | "most", origin: string, limit: number | bigint): string {
  if (origin === "string") return `be at ${word} ${limit} characters long`;
  if (origin === "array") return `have at ${word} ${limit} items`;
  return `be at ${word} ${limit}`;
}

/** Parse `input` (found at `prefix` in the request) or throw the Graph error of its first issue. */
export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, prefix: Path = []): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw errors.invalidParameter("Invalid parameter");
  throw toGraphError(issue, input, prefix);
}
