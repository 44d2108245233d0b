import { z } from "zod";
import { ApiError } from "@/lib/api/errors";

/**
 * Pagination of every list: /v1 lists are offset pages (`page`, `per_page`, answered with `meta`
 * by `pageMeta` in lib/api/envelope.ts); the dashboard's long lists (deliveries, conversations)
 * are keyset pages with an opaque cursor.
 */

export const PER_PAGE_MAX = 100;

const positiveInt = (field: string, max?: number) =>
  z
    .string()
    .regex(/^\d+$/, `${field} must be a positive integer`)
    .transform(Number)
    .pipe(
      max === undefined
        ? z.number().int().min(1, `${field} must be at least 1`)
        : z.number().int().min(1, `${field} must be at least 1`).max(max, `${field} is at most ${max}`),
    );

export const pageQuery = z.object({
  page: positiveInt("page").optional().default(1).meta({ description: "Page requested, from 1" }),
  per_page: positiveInt("per_page", PER_PAGE_MAX)
    .optional()
    .default(20)
    .meta({ description: `Items per page, 1 to ${PER_PAGE_MAX}` }),
});

/** Keyset pages (newest or oldest first): the cursor is (time, id) of the last row shown. */
export type Keyset = { at: Date; id: string };

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
}

/** The cursor a previous page answered, checked; VALIDATION_INVALID_FIELD for anything else. */
export function decodeCursor(raw: string | undefined, idPattern: RegExp): Keyset | undefined {
  if (!raw) return undefined;
  const [time, id] = Buffer.from(raw, "base64url").toString().split("|");
  const at = new Date(time ?? "");
  if (id === undefined || !idPattern.test(id) || Number.isNaN(at.getTime())) {
    throw new ApiError("VALIDATION_INVALID_FIELD", "Invalid field cursor.", {
      field: "cursor",
      hint: "pass next_cursor of the previous page as is",
    });
  }
  return { at, id };
}
