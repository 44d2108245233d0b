import { ApiError } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/db-errors";

/** A unique violation on write means the number belongs to another contact of the organization. */
export function phoneTakenOr(error: unknown, phone: string | null | undefined): unknown {
  if (!isUniqueViolation(error)) return error;
  return new ApiError("RESOURCE_ALREADY_EXISTS", `A contact with the number ${phone} already exists.`, {
    field: "phone",
    hint: "phone numbers are unique within an organization",
  });
}
