/** The recipients table's status filters (plain data: the server page reads `?recipients=` with them). */
export const FILTERS = [
  { value: "", label: "All" },
  { value: "pending", label: "Waiting" },
  { value: "sent", label: "Sent" },
  { value: "delivered", label: "Delivered" },
  { value: "read", label: "Read" },
  { value: "failed", label: "Failed" },
  { value: "skipped", label: "Skipped" },
] as const;

export type RecipientFilter = (typeof FILTERS)[number]["value"];

/** `?recipients=failed` → "failed"; anything else shows every recipient. */
export function recipientFilterOf(value: string | string[] | undefined): RecipientFilter {
  return FILTERS.find((f) => f.value !== "" && f.value === value)?.value ?? "";
}
