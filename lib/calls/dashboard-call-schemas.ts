import { z } from "zod";

/**
 * The dashboard's answering of calls (issue 32, part 3): what the ringing notice polls and sends.
 * Client-safe (components import it).
 */

/** A user-initiated call the notice shows: ringing, or just taken or ended (for `RECENT_SECONDS`). */
export type LiveCallJson = {
  id: string;
  state: string;
  customer_name: string | null;
  customer_phone: string | null;
  conversation_id: string | null;
  channel_name: string;
  started_at: string;
  connected_at: string | null;
  /** the staff member who answered (their name, or e-mail), "API", or null */
  answered_by: string | null;
  /** answered by the signed-in staff member */
  answered_by_me: boolean;
  /** the customer's SDP offer, while the call rings (the browser answers it) */
  sdp_offer: string | null;
};

export type LiveCallsJson = { calls: LiveCallJson[] };

/** The browser's SDP answer, ICE candidates gathered (Meta's accept needs a complete answer). */
export const answerCallBody = z.strictObject({
  sdp: z
    .string()
    .min(10)
    .max(20_000)
    .refine((s) => s.startsWith("v=0"), "an SDP answer (starting v=0)"),
});
