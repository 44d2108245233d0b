/**
 * What the web's NOTIFY says to the listening workers (lib/inbound/receive-notification.ts
 * writes it, lib/inbound/listen-upstream.ts reads it). A notification whose payload fits is
 * announced with it, `<id> <payload as JSON>`, so that the worker that owns it need not read it
 * back (process-notification.ts claimHeard), and, when it holds one message or one status alone,
 * need not claim it either (heardSole). A larger one is announced by its id alone, and an older
 * web's message is ids separated by commas: those are claimed and read as before.
 */
export type Wake = { id: string; payload?: unknown };

/**
 * The most bytes of payload a wake message carries: PostgreSQL refuses a NOTIFY payload of
 * 8,000 bytes or more, and the id and its space take 37.
 */
export const WAKE_PAYLOAD_MAX = 7_900;

const ID_LENGTH = 36;

export function readWake(message: string): Wake[] {
  if (message.length > ID_LENGTH && message[ID_LENGTH] === " ") {
    const id = message.slice(0, ID_LENGTH);
    try {
      return [{ id, payload: JSON.parse(message.slice(ID_LENGTH + 1)) }];
    } catch {
      return [{ id }]; // not ours to guess at: claimed and read from its row
    }
  }
  return message
    .split(",")
    .filter((id) => id.length > 0)
    .map((id) => ({ id }));
}
