import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import {
  buttonInteractive,
  ctaUrlInteractive,
  flowInteractive,
  type InteractiveInput,
  LIMITS,
  listInteractive,
} from "@/lib/messages/message-schemas";
import { fieldPath, INTERACTIVE_CODES, toFieldError } from "@/lib/messages/validation/validate-issue";
import { mediaLinkProblem } from "@/lib/messages/validation/validate-media-link";

const SCHEMAS = {
  button: buttonInteractive,
  list: listInteractive,
  cta_url: ctaUrlInteractive,
  flow: flowInteractive,
};
const TYPES = Object.keys(SCHEMAS).join(", ");

export type InteractiveOptions = { allowLoopback: boolean };
type Problem = {
  path: (string | number)[];
  hint: string;
  missing?: boolean;
  limit?: number;
  actual?: number;
};

function fail(problem: Problem): never {
  const field = fieldPath(problem.path, "interactive");
  if (problem.missing) {
    throw new ApiError("WHATSAPP_INTERACTIVE_MISSING_FIELD", `Missing required field: ${field}.`, {
      field,
      hint: problem.hint,
    });
  }
  if (problem.limit !== undefined) {
    const details = { field, limit: problem.limit, actual: problem.actual, hint: problem.hint };
    throw new ApiError("WHATSAPP_INTERACTIVE_LIMIT_EXCEEDED", `${field}: ${problem.hint}.`, details);
  }
  throw new ApiError("WHATSAPP_INTERACTIVE_INVALID_FIELD", `${field}: ${problem.hint}.`, {
    field,
    hint: problem.hint,
  });
}

function firstDuplicate(ids: string[]): number {
  return ids.findIndex((id, i) => ids.indexOf(id) !== i);
}

/** Rules across items that a per-field schema cannot state. */
function crossChecks(data: InteractiveInput, allowLoopback: boolean): Problem | undefined {
  const header = data.header;
  if (header && header.type !== "text") {
    const media =
      header.type === "image" ? header.image : header.type === "video" ? header.video : header.document;
    const hint = mediaLinkProblem(media.link, allowLoopback);
    if (hint) return { path: ["header", header.type, "link"], hint };
  }
  if (data.type === "button") {
    const dup = firstDuplicate(data.action.buttons.map((b) => b.reply.id));
    if (dup >= 0)
      return { path: ["action", "buttons", dup, "reply", "id"], hint: "reply ids must be unique" };
  }
  if (data.type !== "list") return undefined;
  const sections = data.action.sections;
  const untitled = sections.findIndex((s) => !s.title);
  if (sections.length > 1 && untitled >= 0) {
    return {
      path: ["action", "sections", untitled, "title"],
      hint: "every section needs a title when there are several",
      missing: true,
    };
  }
  const rows = sections.flatMap((s, si) =>
    s.rows.map((r, ri) => ({ id: r.id, path: ["action", "sections", si, "rows", ri, "id"] })),
  );
  if (rows.length > LIMITS.rowsTotal) {
    const hint = `at most ${LIMITS.rowsTotal} rows across all sections (got ${rows.length})`;
    return { path: ["action", "sections"], hint, limit: LIMITS.rowsTotal, actual: rows.length };
  }
  const dup = rows[firstDuplicate(rows.map((r) => r.id))];
  return dup ? { path: dup.path, hint: "row ids must be unique across all sections" } : undefined;
}

/**
 * Checks `interactive` against the contract's three tables. Codes: no or empty `type` →
 * MISSING_FIELD, another type → INVALID_TYPE, an absent required field → MISSING_FIELD
 * `{ field, hint }`, a length or count over (or under) its bound → LIMIT_EXCEEDED
 * `{ field, limit, actual, hint }`, a wrong format → INVALID_FIELD `{ field, hint }`.
 */
export function validateInteractive(value: unknown, options: InteractiveOptions): InteractiveInput {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fail({ path: [], hint: "interactive must be an object", missing: value === undefined || value === null });
  }
  const type: unknown = (value as { type?: unknown }).type;
  if (type === undefined || type === null || type === "") {
    fail({ path: ["type"], hint: `interactive.type is one of ${TYPES}`, missing: true });
  }
  if (typeof type !== "string" || !Object.hasOwn(SCHEMAS, type)) {
    throw new ApiError(
      "WHATSAPP_INTERACTIVE_INVALID_TYPE",
      `Unknown interactive.type; use one of ${TYPES}.`,
      {
        field: "interactive.type",
        hint: `interactive.type is one of ${TYPES}`,
      },
    );
  }
  const schema: z.ZodType<InteractiveInput> = SCHEMAS[type as keyof typeof SCHEMAS];
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw toFieldError(result.error, INTERACTIVE_CODES, "interactive");
  const problem = crossChecks(result.data, options.allowLoopback);
  if (problem) fail(problem);
  return result.data;
}
