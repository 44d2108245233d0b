import { errors } from "@/sandbox/errors";
import { type SandboxState, windowKey } from "@/sandbox/state";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the recipient has written to this phone number within the last 24 hours. */
export function windowOpen(
  state: SandboxState,
  phoneNumberId: string,
  waId: string,
  now = Date.now(),
): boolean {
  const last = state.lastInbound.get(windowKey(phoneNumberId, waId));
  return last !== undefined && now - last < DAY_MS;
}

/** 131047 for a free-form message outside the customer service window (unless `enforce_window` is off). */
export function checkWindow(state: SandboxState, phoneNumberId: string, waId: string): void {
  if (state.settings.enforce_window && !windowOpen(state, phoneNumberId, waId)) throw errors.reengagement();
}
