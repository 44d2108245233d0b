import { z } from "zod";
import type { DeclaredEventName } from "@/lib/events/payloads";

/** The body of every delivery (top level snake_case, as the contract says), for event `name`. */
export function deliveryEnvelope(name: DeclaredEventName, data: z.ZodObject, id: z.ZodType) {
  return z.object({
    id,
    event: z.literal(name).meta({ description: "The event name, as in `X-Service-Event`" }),
    timestamp: z.iso.datetime().meta({ description: "Time of the event (ISO 8601, milliseconds)" }),
    organization_id: z.uuid().meta({ description: "Your organization" }),
    data,
  });
}

export const deliveryIdSchema = z
  .string()
  .regex(/^wh_\d{13}_[0-9a-f]+$/)
  .meta({ description: "Delivery id `wh_<ms>_<hex>`, the same on every attempt; de-duplicate on it" });
