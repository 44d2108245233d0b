import { z } from "zod";

/** Clearing an opt-out takes a reason; a blank one counts as missing (VALIDATION_MISSING_FIELD). */
export const clearOptOutBody = z.object({
  reason: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(500, "a reason has at most 500 characters"),
  ),
});

/** One row of a contact's history as the contact dialog reads it. */
export type ContactChangeJson = {
  id: string;
  /** the contract's field name, e.g. "marketing_opt_out" */
  field: string;
  /** the new value as text ("true"/"false") */
  value: string;
  /** "stop_word", "whatsapp" (the customer did it) or "dashboard" (a staff member did) */
  source: string;
  reason: string | null;
  user: { id: string; name: string | null; email: string } | null;
  at: string;
};
