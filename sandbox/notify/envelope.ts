import { digitsOf } from "@/sandbox/ids";
import type { PhoneNumber } from "@/sandbox/state";

/** The webhook envelope around one change value (`messages`, or a coexistence field). */
export function notification(
  number: PhoneNumber,
  value: Record<string, unknown>,
  field:
    | "messages"
    | "smb_message_echoes"
    | "history"
    | "smb_app_state_sync"
    | "user_preferences"
    | "standby"
    | "messaging_handovers"
    | "calls" = "messages",
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
