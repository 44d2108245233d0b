import { digitsOf } from "@/sandbox/ids";
import type { PhoneNumber } from "@/sandbox/state";

/** The `messages` webhook envelope around one change value. */
export function notification(number: PhoneNumber, value: Record<string, unknown>): Record<string, unknown> {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: number.waba_id,
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: {
                display_phone_number: digitsOf(number.display_phone_number),
                phone_number_id: number.id,
              },
              ...value,
            },
            field: "messages",
          },
        ],
      },
    ],
  };
}
