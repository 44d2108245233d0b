import { ApiError } from "@/lib/api/errors";

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
