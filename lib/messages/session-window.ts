import { ApiError } from "@/lib/api/errors";

/**
 * The customer-service window of the contract: a message other than a template may be sent only
 * within 24 hours of the customer's last inbound message (Contact.lastInboundAt).
 */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The oldest last-inbound time that still keeps the window open at `now`. */
export function windowOpenSince(now: Date): Date {
  return new Date(now.getTime() - SESSION_WINDOW_MS);
}

/** `field` names what identified the customer: `to`, or `recipient` for a business-scoped user id. */
export function sessionClosed(field: "to" | "recipient" = "to"): ApiError {
  return new ApiError(
    "WHATSAPP_SESSION_CLOSED",
    "The customer has not written in the last 24 hours; only an approved template can be sent.",
    { field, hint: "send a template (type template) to reopen the conversation" },
  );
}
