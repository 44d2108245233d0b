import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { threadOwner } from "@/sandbox/control/routing";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf, newWamid } from "@/sandbox/ids";
import { deliver } from "@/sandbox/notify/deliver";
import { notification } from "@/sandbox/notify/envelope";
import { inboundMessage, inboundMessageObject } from "@/sandbox/notify/inbound-message";
import { userKey, windowKey } from "@/sandbox/state";

const inboundBody = z
  .strictObject({
    phone_number_id: z.string().min(1),
    /** absent: a user with a username who hides the number, known only by user_id */
    from: z
      .string()
      .regex(/\d{5,}/, "a phone number")
      .optional(),
    name: z.string().min(1).default("Sandbox User"),
    user_id: z.string().min(1).optional(),
    /** the user's WhatsApp username and parent business-scoped user id, as the webhook carries them */
    username: z.string().min(1).optional(),
    parent_user_id: z.string().min(1).optional(),
    /**
     * the user came from a click-to-WhatsApp ad: a 72-hour free entry point opens (free_entry_point
     * pricing). `true` sends a minimal referral; an object is sent as Meta's `referral` (the fields of
     * facebook/openapi business-messaging-api_v23.0.yaml), source_type defaulting to "ad"
     */
    referral: z
      .union([
        z.boolean(),
        z.strictObject({
          source_url: z.string().optional(),
          source_id: z.string().optional(),
          source_type: z.enum(["ad", "post"]).optional(),
          headline: z.string().optional(),
          body: z.string().optional(),
          media_type: z.enum(["image", "video"]).optional(),
          image_url: z.string().optional(),
          video_url: z.string().optional(),
          thumbnail_url: z.string().optional(),
          ctwa_clid: z.string().optional(),
        }),
      ])
      .optional(),
    /** defaults: a new wamid, now */
    id: z.string().min(1).optional(),
    timestamp: z.number().int().positive().optional(),
    message: inboundMessage,
  })
  .refine((body) => body.from !== undefined || body.user_id !== undefined, {
    message: "from or user_id is required",
    path: ["from"],
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
  const waId = body.from === undefined ? undefined : digitsOf(body.from);
  const userId = body.user_id;
  const sender = waId !== undefined ? { wa_id: waId } : { user_id: userId ?? "" };
  const id = body.id ?? newWamid(waId ?? userId ?? "");
  const timestamp = body.timestamp ?? Math.floor(Date.now() / 1000);
  const keys = [
    ...(waId !== undefined ? [windowKey(number.id, waId)] : []),
    ...(userId !== undefined ? [windowKey(number.id, userKey(userId))] : []),
  ];
  if (keys.some((k) => state.blocked.has(k))) {
    throw controlError(
      409,
      "This user is blocked by the number (block_users): Meta delivers nothing from them.",
    );
  }
  const profile: Record<string, unknown> = { name: body.name };
  if (body.username !== undefined) profile.username = body.username;
  const contact: Record<string, unknown> = { profile };
  if (waId !== undefined) contact.wa_id = waId;
  if (userId !== undefined) contact.user_id = userId;
  if (body.parent_user_id !== undefined) contact.parent_user_id = body.parent_user_id;
  const message = inboundMessageObject(state, number, sender, id, timestamp, body.message);
  // Meta names the user id in every messages webhook, beside the number when it is shared
  if (userId !== undefined) message.from_user_id = userId;
  if (body.parent_user_id !== undefined) message.from_parent_user_id = body.parent_user_id;
  if (body.referral) {
    message.referral =
      body.referral === true
        ? { source_type: "ad", source_id: "sandbox-ad", ctwa_clid: "sandbox" }
        : { source_type: "ad", ...body.referral };
    for (const k of keys) state.entryPoints.set(k, Date.now());
  }
  // the user's message opens the customer service window whatever the app answers, for a send
  // to the number and for one to the business-scoped user id alike
  const now = Date.now();
  for (const k of keys) state.lastInbound.set(k, now);
  // conversation routing: a thread the second responder owns reaches the app on `standby`
  const field =
    threadOwner(state, number.id, waId ?? userKey(userId ?? "")) === "other" ? "standby" : "messages";
  const delivery = await deliver(
    ctx,
    notification(number, { contacts: [contact], messages: [message] }, field),
  );
  return json(200, { id, status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) });
}
