import { z } from "zod";

/** The Graph API's error object, passed to our users unchanged in details.error. */
export const graphErrorSchema = z
  .object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number(),
    error_subcode: z.number().optional(),
    error_data: z
      .object({ messaging_product: z.string().optional(), details: z.string().optional() })
      .optional(),
    fbtrace_id: z.string().optional(),
  })
  .loose();

export type GraphError = z.infer<typeof graphErrorSchema>;

/** What a call to the upstream came to. `maybeSent` tells whether a retry could send twice. */
export type UpstreamFailure =
  | { kind: "rejected"; httpStatus: number; error: GraphError }
  | { kind: "unreachable"; message: string; maybeSent: false }
  | { kind: "timeout"; message: string; maybeSent: true }
  | { kind: "bad-response"; httpStatus: number; message: string; maybeSent: true };

export class UpstreamError extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(failure.kind === "rejected" ? failure.error.message : failure.message);
    this.name = "UpstreamError";
  }
}
