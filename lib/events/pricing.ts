import { z } from "zod";

/** `pricing` of message.sent/delivered/read event data: the upstream's, in camelCase. */
export const eventPricingSchema = z.object({
  billable: z.boolean().nullable(),
  pricingModel: z.string().nullable(),
  category: z.string().nullable(),
  type: z.string().nullable(),
});

export type EventPricing = z.infer<typeof eventPricingSchema>;

/** Pricing stored on a Message earlier (a `read` notification often carries none). */
export function storedPricing(value: unknown): EventPricing | undefined {
  const parsed = eventPricingSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
