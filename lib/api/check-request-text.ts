import { ApiError } from "@/lib/api/errors";
import { unstorableText } from "@/lib/api/parse-json-body";

/**
 * Query values and path ids holding text PostgreSQL cannot store (U+0000, lone surrogates)
 * would fail deep in a query with a 500. A query value is refused as an invalid field (400);
 * a path id names nothing (404).
 */
export function checkQuery(url: URL): void {
  for (const [name, value] of url.searchParams) {
    if (unstorableText(name) || unstorableText(value)) {
      const field = unstorableText(name) ? "query" : name;
      throw new ApiError("VALIDATION_INVALID_FIELD", `${field} contains a character that cannot be stored.`, {
        field,
        hint: "text cannot contain U+0000 or an unpaired UTF-16 surrogate",
      });
    }
  }
}

export function checkParams(params: unknown): void {
  if (params === null || typeof params !== "object") return;
  const values = Object.values(params).flat();
  if (values.some((v) => typeof v === "string" && unstorableText(v))) {
    throw new ApiError("RESOURCE_NOT_FOUND", "No resource has this id.");
  }
}
