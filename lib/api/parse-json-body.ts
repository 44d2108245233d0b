import { ApiError } from "@/lib/api/errors";

/** Deeper than any body of ours needs (templates nest about 6 levels); bounds the walk below. */
export const MAX_JSON_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text PostgreSQL cannot store: U+0000 (in text and jsonb) and unpaired UTF-16 surrogates
 * (jsonb rejects their `\uD800` escapes).
 */
export function unstorableText(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}

type Problem = { kind: "depth" } | { kind: "text"; path: string };

function childPath(parent: string, key: string, inArray: boolean): string {
  if (inArray) return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/** An explicit stack instead of recursion, so that no nesting can overflow the call stack. */
function findProblem(root: unknown): Problem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: "", depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path, depth } = item;
    if (typeof value === "string") {
      if (unstorableText(value)) return { kind: "text", path };
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return { kind: "depth" };
    const inArray = Array.isArray(value);
    for (const [key, child] of Object.entries(value)) {
      const at = childPath(path, key, inArray);
      if (!inArray && unstorableText(key)) return { kind: "text", path: at };
      stack.push({ value: child, path: at, depth: depth + 1 });
    }
  }
  return null;
}

function invalid(message: string, field: string, detail: string): ApiError {
  return new ApiError("VALIDATION_ERROR", message, { errors: [{ field, message: detail }] });
}

/**
 * A request body as a JSON object: empty means `{}`; malformed JSON, a non-object, nesting
 * deeper than MAX_JSON_DEPTH or text PostgreSQL cannot store answer a 400 naming the problem.
 */
export function parseJsonBody(raw: string): Record<string, unknown> {
  if (raw.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid("The request body is not valid JSON.", "body", "malformed JSON");
  }
  const problem = findProblem(parsed);
  if (problem?.kind === "depth") {
    throw invalid(
      `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
      "body",
      `nesting deeper than ${MAX_JSON_DEPTH} levels`,
    );
  }
  if (problem?.kind === "text") {
    const field = problem.path || "body";
    throw new ApiError("VALIDATION_INVALID_FIELD", `${field} contains a character that cannot be stored.`, {
      field,
      hint: "text cannot contain U+0000 or an unpaired UTF-16 surrogate",
    });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw invalid("The request body must be a JSON object.", "body", "expected a JSON object");
  }
  return parsed as Record<string, unknown>;
}
