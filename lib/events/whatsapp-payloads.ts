import { z } from "zod";

/**
 * `whatsapp.notification`: one change of a WhatsApp notification whose field the product does
 * not process (lib/inbound/record-unprocessed.ts), passed on as received. The `value` is Meta's
 * and unvalidated: its shape is whatever the field's webhook reference says (developers.facebook.com
 * /docs/whatsapp/cloud-api/webhooks/reference), and may change without notice from us.
 */
export const whatsappNotificationData = z
  .object({
    channelId: z
      .uuid()
      .meta({ description: "The channel whose number or WhatsApp Business Account it was for" }),
    field: z.string().meta({
      description:
        "The change's `field` as WhatsApp named it (for example `account_alerts`, `phone_number_quality_update`)",
    }),
    value: z
      .unknown()
      .meta({ description: "The change's `value`, exactly as WhatsApp sent it (raw upstream data)" }),
    timestamp: z.iso
      .datetime()
      .meta({ description: "Time of the event on the server (ISO 8601, milliseconds)" }),
  })
  .meta({ id: "WhatsappNotificationData" });
