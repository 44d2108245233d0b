import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { ERROR_TITLES } from "@/sandbox/error-titles";
import { GraphError, type GraphErrorBody } from "@/sandbox/graph-error";
import { newNumericId, newTraceId } from "@/sandbox/ids";
import type { Fault } from "@/sandbox/state";

const errorObject = z.looseObject({
  message: z.string().optional(),
  type: z.string().optional(),
  code: z.number().int().optional(),
  error_subcode: z.number().int().optional(),
  is_transient: z.boolean().optional(),
  error_data: z.strictObject({ messaging_product: z.literal("whatsapp"), details: z.string() }).optional(),
});

export const faultBody = z.strictObject({
  phone_number_id: z.string().min(1).optional(),
  count: z.number().int().min(1).max(100_000).default(1),
  status: z.number().int().min(400).max(599).optional(),
  /** the error object, bare or wrapped in {error: …} */
  error: z.union([z.strictObject({ error: errorObject }).transform((e) => e.error), errorObject]).optional(),
  delay_ms: z.number().int().min(1).max(600_000).optional(),
});

/** Graph's own transient errors: code 2 for an unavailable service, code 1 for anything else. */
function defaultError(status: number): Omit<GraphErrorBody["error"], "fbtrace_id"> {
  if (status === 503) {
    return {
      message: "Service temporarily unavailable",
      type: "OAuthException",
      code: 2,
      is_transient: true,
    };
  }
  return { message: "An unknown error has occurred.", type: "OAuthException", code: 1, is_transient: true };
}

/** A fault that names only a known code gets Meta's wording for it (not transient, like the real ones). */
function knownWording(code: number | undefined) {
  const known = code === undefined ? undefined : ERROR_TITLES[code];
  if (!known) return {};
  return {
    message: `(#${code}) ${known.title}`,
    is_transient: undefined,
    error_data: { messaging_product: "whatsapp" as const, details: known.details ?? known.title },
  };
}

export function createFault(body: z.infer<typeof faultBody>): Fault {
  // a delay alone stalls the send and then lets it through; anything else fails it
  const status = body.status ?? (body.delay_ms !== undefined && body.error === undefined ? undefined : 500);
  const error =
    status === undefined
      ? undefined
      : { ...defaultError(status), ...knownWording(body.error?.code), ...body.error, fbtrace_id: "" };
  return {
    id: newNumericId(),
    phone_number_id: body.phone_number_id,
    remaining: body.count,
    status,
    error,
    delay_ms: body.delay_ms,
  };
}

/** Take the next fault that matches this send, stall as it says, and throw its error if it has one. */
export async function applyFault(ctx: Ctx, phoneNumberId: string): Promise<void> {
  const faults = ctx.state.faults;
  const index = faults.findIndex(
    (f) => f.phone_number_id === undefined || f.phone_number_id === phoneNumberId,
  );
  const fault = faults[index];
  if (!fault) return;
  fault.remaining -= 1;
  if (fault.remaining <= 0) faults.splice(index, 1);
  if (fault.delay_ms !== undefined)
    await sleep(fault.delay_ms, undefined, { signal: ctx.state.shutdown.signal });
  if (fault.status === undefined || !fault.error) return;
  throw new GraphError(fault.status, { error: { ...fault.error, fbtrace_id: newTraceId() } });
}
