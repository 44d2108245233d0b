import { digitsOf } from "@/sandbox/ids";
import type { PhoneNumber } from "@/sandbox/state";

/** The webhook envelope around one change value (of the `messages` field unless told). */
export function notification(
  number: PhoneNumber,
  value: Record<string, unknown>,
  field = "messages",
): Record<string, unknown> {
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
            field,
          },
        ],
      },
    ],
  };
}
