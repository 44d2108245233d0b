import type { Ctx } from "@/sandbox/context";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf } from "@/sandbox/ids";

function recipientOf(body: unknown): string | undefined {
  if (body === null || typeof body !== "object" || !("to" in body)) return undefined;
  return typeof body.to === "string" ? digitsOf(body.to) : undefined;
}

function userIdOf(body: unknown): string | undefined {
  if (body === null || typeof body !== "object" || !("recipient" in body)) return undefined;
  return typeof body.recipient === "string" ? body.recipient : undefined;
}

/** GET /_sandbox/messages?phone_number_id=&to=&recipient=: every send request as received, oldest first, with its answer. */
export function listMessages(ctx: Ctx, req: SandboxRequest): Reply {
  const phoneNumberId = req.query.get("phone_number_id");
  const to = req.query.get("to");
  const wanted = to === null ? null : digitsOf(to);
  const user = req.query.get("recipient");
  const data = ctx.state.requests.filter(
    (r) =>
      (phoneNumberId === null || r.phone_number_id === phoneNumberId) &&
      (wanted === null || recipientOf(r.body) === wanted) &&
      (user === null || userIdOf(r.body) === user),
  );
  return json(200, { data });
}
