import { errors } from "@/sandbox/errors";
import type { SandboxRequest } from "@/sandbox/http";
import { type PhoneNumber, phoneNumbersOfWaba, type SandboxState } from "@/sandbox/state";

/** The access token of a Graph request: `Authorization: Bearer …` or `?access_token=…`, as Graph accepts both. */
function tokenOf(req: SandboxRequest): string {
  const header = req.headers.authorization ?? "";
  const match = /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1] ?? req.query.get("access_token") ?? "";
  if (token === "") throw errors.missingToken();
  return token;
}

/** The request's token, when some phone number was registered with it (190 otherwise). */
export function knownToken(state: SandboxState, req: SandboxRequest): string {
  const token = tokenOf(req);
  for (const number of state.phoneNumbers.values()) if (number.access_token === token) return token;
  throw errors.invalidToken();
}

/** The phone number the request names, when its token may use it. */
export function authorizePhoneNumber(state: SandboxState, req: SandboxRequest, id: string): PhoneNumber {
  const token = knownToken(state, req);
  const number = state.phoneNumbers.get(id);
  if (!number || number.access_token !== token) throw errors.unsupported(req.method, id);
  return number;
}

/** A WABA is reachable with the token of any of its phone numbers. */
export function authorizeWaba(state: SandboxState, req: SandboxRequest, wabaId: string): void {
  const token = knownToken(state, req);
  if (!phoneNumbersOfWaba(state, wabaId).some((n) => n.access_token === token)) {
    throw errors.unsupported(req.method, wabaId);
  }
}
