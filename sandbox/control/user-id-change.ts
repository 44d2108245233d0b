import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { newWamid } from "@/sandbox/ids";
import { deliver } from "@/sandbox/notify/deliver";
import { notification } from "@/sandbox/notify/envelope";
import { userKey, windowKey } from "@/sandbox/state";

const body = z.strictObject({
  phone_number_id: z.string().min(1),
  /** the user's current business-scoped user id */
  user_id: z.string().min(1),
  new_user_id: z.string().min(1),
  parent_user_id: z.string().min(1).optional(),
  name: z.string().min(1).default("Sandbox User"),
});

/**
 * POST /_sandbox/user-id-change: the user's business-scoped user id changes. Meta's system message
 * is posted (no `contacts` array): `messages: [{from_user_id: <old>, id, timestamp, type: "system",
 * system: {body, user_id: <new>, parent_user_id?, type: "user_changed_user_id"}}]`. The user's
 * window, entry point and block move to the new id.
 */
export async function postUserIdChange(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const b = parseControl(body, req);
  const { state } = ctx;
  const number = state.phoneNumbers.get(b.phone_number_id);
  if (!number) throw controlError(404, `Unknown phone_number_id ${b.phone_number_id}.`);
  if (!state.app) throw controlError(409, "No app registered: PUT /_sandbox/app first.");
  const from = windowKey(number.id, userKey(b.user_id));
  const to = windowKey(number.id, userKey(b.new_user_id));
  for (const map of [state.lastInbound, state.entryPoints]) {
    const at = map.get(from);
    if (at !== undefined) map.set(to, at);
    map.delete(from);
  }
  if (state.blocked.delete(from)) state.blocked.add(to);
  const id = newWamid(b.new_user_id);
  const system = {
    body: `User ${b.name} changed from ${b.user_id} to ${b.new_user_id}`,
    user_id: b.new_user_id,
    ...(b.parent_user_id ? { parent_user_id: b.parent_user_id } : {}),
    type: "user_changed_user_id",
  };
  const message = {
    from_user_id: b.user_id,
    id,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: "system",
    system,
  };
  const delivery = await deliver(ctx, notification(number, { messages: [message] }));
  return json(200, { id, status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) });
}
