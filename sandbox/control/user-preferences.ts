import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf } from "@/sandbox/ids";
import { deliver } from "@/sandbox/notify/deliver";
import { notification } from "@/sandbox/notify/envelope";
import { userKey, windowKey } from "@/sandbox/state";

const preferencesBody = z
  .strictObject({
    phone_number_id: z.string().min(1),
    from: z
      .string()
      .regex(/\d{5,}/, "a phone number")
      .optional(),
    user_id: z.string().min(1).optional(),
    name: z.string().min(1).default("Sandbox User"),
    value: z.enum(["stop", "resume"]),
    timestamp: z.number().int().positive().optional(),
  })
  .refine((body) => body.from !== undefined || body.user_id !== undefined, {
    message: "from or user_id is required",
    path: ["from"],
  });

const DETAIL = {
  stop: "User requested to stop marketing messages",
  resume: "User requested to resume marketing messages",
};

/**
 * POST /_sandbox/user-preferences: a WhatsApp user stops or resumes marketing messages from the
 * number (the Offers and announcements setting), and Meta's `user_preferences` notification is
 * posted. While stopped, MARKETING templates to the user are accepted and then reported
 * `failed` with 131050, as Meta does.
 */
export async function postUserPreferences(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(preferencesBody, req);
  const { state } = ctx;
  const number = state.phoneNumbers.get(body.phone_number_id);
  if (!number) {
    throw controlError(
      404,
      `Unknown phone_number_id ${body.phone_number_id}: PUT /_sandbox/phone-numbers/{id} first.`,
    );
  }
  if (!state.app) throw controlError(409, "No app registered: PUT /_sandbox/app first.");
  const waId = body.from === undefined ? undefined : digitsOf(body.from);
  const keys = [
    ...(waId === undefined ? [] : [windowKey(number.id, waId)]),
    ...(body.user_id === undefined ? [] : [windowKey(number.id, userKey(body.user_id))]),
  ];
  for (const key of keys) {
    if (body.value === "stop") state.marketingStopped.add(key);
    else state.marketingStopped.delete(key);
  }
  const who = {
    ...(waId === undefined ? {} : { wa_id: waId }),
    ...(body.user_id ? { user_id: body.user_id } : {}),
  };
  const value = {
    contacts: [{ profile: { name: body.name }, ...who }],
    user_preferences: [
      {
        ...who,
        detail: DETAIL[body.value],
        category: "marketing_messages",
        value: body.value,
        timestamp: body.timestamp ?? Math.floor(Date.now() / 1000),
      },
    ],
  };
  const delivery = await deliver(ctx, notification(number, value, "user_preferences"));
  return json(200, { status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) });
}
