import type { Ctx } from "@/sandbox/context";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf } from "@/sandbox/ids";

function recipientOf(body: unknown): string | undefined {
  if (body === null || typeof body !== "object" || !("to" in body)) return undefined;
  return typeof body.to === "string" ? digitsOf(body.to) : undefined;
}

/** GET /_sandbox/messages?phone_number_id=&to=: every send request as received, oldest first, with its answer. */
export function listMessages(ctx: Ctx, req: SandboxRequest): Reply {
  const phoneNumberId = req.query.get("phone_number_id");
  const to = req.query.get("to");
  const wanted = to === null ? null : digitsOf(to);
  const data = ctx.state.requests.filter(
    (r) =>
      (phoneNumberId === null || r.phone_number_id === phoneNumberId) &&
      (wanted === null || recipientOf(r.body) === wanted),
  );
  return json(200, { data });
}
