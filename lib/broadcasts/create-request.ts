import { z } from "zod";
import { createBroadcastBody } from "@/lib/broadcasts/schemas";
import { config } from "@/lib/config";
import { templateOf } from "@/lib/messages/validation/validate-send-message";

/**
 * The create body as the route parses it: `createBroadcastBody` (which documents it) with the
 * template checked by the send path's own validator, so a broadcast's template answers the
 * contract's template codes (WHATSAPP_TEMPLATE_MISSING_BUTTON_INDEX, …) exactly as a send does.
 */
export const createBroadcastRequest = createBroadcastBody
  .extend({ template: z.record(z.string(), z.unknown()) })
  .transform((body) => ({
    ...body,
    template: templateOf(body.template, config().ALLOW_LOOPBACK_URLS, "template.components"),
  }));

export type CreateBroadcastInput = z.output<typeof createBroadcastRequest>;
