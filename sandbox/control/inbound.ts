import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf, newWamid } from "@/sandbox/ids";
import { deliver } from "@/sandbox/notify/deliver";
import { notification } from "@/sandbox/notify/envelope";
import { inboundMessage, inboundMessageObject } from "@/sandbox/notify/inbound-message";
import { windowKey } from "@/sandbox/state";

const inboundBody = z.strictObject({
  phone_number_id: z.string().min(1),
  from: z.string().regex(/\d{5,}/, "a phone number"),
  name: z.string().min(1).default("Sandbox User"),
  user_id: z.string().min(1).optional(),
  /** defaults: a new wamid, now */
  id: z.string().min(1).optional(),
  timestamp: z.number().int().positive().optional(),
  message: inboundMessage,
});

/** POST /_sandbox/inbound: a WhatsApp user writes; the signed notification goes to the app. */
export async function postInbound(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(inboundBody, req);
  const { state } = ctx;
  const number = state.phoneNumbers.get(body.phone_number_id);
  if (!number)
    throw controlError(
      404,
      `Unknown phone_number_id ${body.phone_number_id}: PUT /_sandbox/phone-numbers/{id} first.`,
    );
  if (!state.app) throw controlError(409, "No app registered: PUT /_sandbox/app first.");
  const waId = digitsOf(body.from);
  const id = body.id ?? newWamid(waId);
  const timestamp = body.timestamp ?? Math.floor(Date.now() / 1000);
  const contact: Record<string, unknown> = { profile: { name: body.name }, wa_id: waId };
  if (body.user_id !== undefined) contact.user_id = body.user_id;
  const message = inboundMessageObject(state, number, waId, id, timestamp, body.message);
  // the user's message opens the customer service window whatever the app answers
  state.lastInbound.set(windowKey(number.id, waId), Date.now());
  const delivery = await deliver(ctx, notification(number, { contacts: [contact], messages: [message] }));
  return json(200, { id, status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) });
}
