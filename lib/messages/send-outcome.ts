import { z } from "zod";

/** What the worker's send job returns to the waiting request. */
export const sendOutcomeSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("sent"),
    whatsappMessageId: z.string(),
    sentAt: z.string(),
    /** Meta's template pacing from the send answer (lib/cloud-api/post-send.ts); absent when none */
    pacing: z.enum(["held", "paused"]).optional(),
  }),
  z.object({ status: z.literal("failed"), failure: z.unknown() }),
  z.object({ status: z.literal("unknown") }),
]);

export type SendOutcome = z.infer<typeof sendOutcomeSchema>;

/**
 * The send's turn given back: nothing was claimed nor sent (no throughput slot yet), so the
 * job runs again after `retryInMs` with the Message still `queued`.
 */
export type DeferredSend = { status: "deferred"; retryInMs: number };
