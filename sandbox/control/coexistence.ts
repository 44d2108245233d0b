import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf, newWamid } from "@/sandbox/ids";
import { deliver } from "@/sandbox/notify/deliver";
import { notification } from "@/sandbox/notify/envelope";
import { inboundMessage, inboundMessageObject } from "@/sandbox/notify/inbound-message";
import type { PhoneNumber } from "@/sandbox/state";

/** The coexistence webhooks Meta sends for a number shared with the WhatsApp Business app. */

function coexistenceNumber(ctx: Ctx, phoneNumberId: string): PhoneNumber {
  const number = ctx.state.phoneNumbers.get(phoneNumberId);
  if (!number)
    throw controlError(
      404,
      `Unknown phone_number_id ${phoneNumberId}: PUT /_sandbox/phone-numbers/{id} first.`,
    );
  if (!ctx.state.app) throw controlError(409, "No app registered: PUT /_sandbox/app first.");
  if (!number.coexistence) {
    throw controlError(
      409,
      "Not a coexistence number: PUT /_sandbox/phone-numbers/{id} with coexistence: true first.",
    );
  }
  return number;
}

function reply(id: string | null, delivery: { status: number; error?: string }, extra = {}): Reply {
  return json(200, {
    id,
    status: delivery.status,
    ...extra,
    ...(delivery.error ? { error: delivery.error } : {}),
  });
}

const echoBody = z
  .strictObject({
    phone_number_id: z.string().min(1),
    to: z
      .string()
      .regex(/\d{5,}/, "a phone number")
      .optional(),
    to_user_id: z.string().min(1).optional(),
    id: z.string().min(1).optional(),
    timestamp: z.number().int().positive().optional(),
    /** what staff sent from the app; `edit` / `revoke` edit or delete an earlier message of the business */
    message: inboundMessage,
  })
  .refine((b) => b.to !== undefined || b.to_user_id !== undefined, {
    message: "to or to_user_id is required",
    path: ["to"],
  });

/**
 * POST /_sandbox/echoes: staff send (or edit, or delete) a message from the WhatsApp Business app;
 * Meta's `smb_message_echoes` webhook is posted: `message_echoes: [{from: <business number>, to,
 * to_user_id?, id, timestamp, type, …}]`. Answers `{id, status}` (the wamid and the app's answer).
 */
export async function postEcho(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(echoBody, req);
  const number = coexistenceNumber(ctx, body.phone_number_id);
  const to = body.to === undefined ? undefined : digitsOf(body.to);
  const id = body.id ?? newWamid(to ?? body.to_user_id ?? "");
  const timestamp = body.timestamp ?? Math.floor(Date.now() / 1000);
  const from = { wa_id: digitsOf(number.display_phone_number) };
  const item = inboundMessageObject(ctx.state, number, from, id, timestamp, body.message);
  if (to !== undefined) item.to = to;
  if (body.to_user_id !== undefined) item.to_user_id = body.to_user_id;
  const delivery = await deliver(ctx, notification(number, { message_echoes: [item] }, "smb_message_echoes"));
  return reply(id, delivery);
}

const historyMessage = z.strictObject({
  /** inbound: the user wrote it; outbound: the business did */
  direction: z.enum(["inbound", "outbound"]),
  id: z.string().min(1).optional(),
  timestamp: z.number().int().positive(),
  status: z.enum(["PENDING", "SENT", "DELIVERED", "READ", "PLAYED", "ERROR"]).optional(),
  text: z.string().min(1).optional(),
  /** a media message without an id, as Meta sends history media older than 14 days */
  media: z
    .strictObject({
      type: z.enum(["image", "video", "audio", "document"]),
      caption: z.string().optional(),
      mime_type: z.string().default("image/jpeg"),
    })
    .optional(),
});

const historyBody = z.strictObject({
  phone_number_id: z.string().min(1),
  phase: z.number().int().min(0).max(2).default(0),
  chunk_order: z.number().int().min(1).default(1),
  progress: z.number().int().min(0).max(100).default(100),
  /** the business declined to share its chat history: an `errors` chunk instead of threads */
  declined: z.boolean().default(false),
  threads: z
    .array(z.strictObject({ user: z.string().regex(/\d{5,}/), messages: z.array(historyMessage).max(5000) }))
    .default([]),
});

/**
 * POST /_sandbox/history: one chunk of Meta's `history` webhook, `history: [{metadata: {phase,
 * chunk_order, progress}, threads: [{id: <user>, messages: [{from, to?, id, timestamp, type, …,
 * history_context: {status}}]}]}]`, or `errors` when the business declined (code 2593109).
 */
export async function postHistory(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(historyBody, req);
  const number = coexistenceNumber(ctx, body.phone_number_id);
  const business = digitsOf(number.display_phone_number);
  const metadata = { phase: body.phase, chunk_order: body.chunk_order, progress: body.progress };
  const chunk = body.declined
    ? {
        metadata,
        errors: [
          {
            code: 2593109,
            title: "History sharing is turned off by the business",
            message: "History sharing is turned off by the business",
            error_data: { details: "The business declined to share its chat history." },
          },
        ],
      }
    : {
        metadata,
        threads: body.threads.map((t) => {
          const user = digitsOf(t.user);
          return {
            id: user,
            messages: t.messages.map((m) => ({
              from: m.direction === "inbound" ? user : business,
              ...(m.direction === "outbound" ? { to: user } : {}),
              id: m.id ?? newWamid(user),
              timestamp: String(m.timestamp),
              ...(m.media
                ? {
                    type: m.media.type,
                    [m.media.type]: {
                      mime_type: m.media.mime_type,
                      ...(m.media.caption ? { caption: m.media.caption } : {}),
                    },
                  }
                : { type: "text", text: { body: m.text ?? "" } }),
              history_context: { status: m.status ?? (m.direction === "inbound" ? "DELIVERED" : "READ") },
            })),
          };
        }),
      };
  const delivery = await deliver(ctx, notification(number, { history: [chunk] }, "history"));
  return reply(null, delivery, { messages: body.threads.reduce((n, t) => n + t.messages.length, 0) });
}

const appContactsBody = z.strictObject({
  phone_number_id: z.string().min(1),
  contacts: z
    .array(
      z.strictObject({
        phone_number: z.string().regex(/\d{5,}/),
        full_name: z.string().min(1).optional(),
        first_name: z.string().min(1).optional(),
        action: z.enum(["add", "remove"]).default("add"),
      }),
    )
    .min(1)
    .max(1000),
});

/**
 * POST /_sandbox/app-contacts: contacts added, edited (`add` again) or removed in the app; Meta's
 * `smb_app_state_sync` webhook: `state_sync: [{type: "contact", contact: {full_name, first_name,
 * phone_number}, action, metadata: {timestamp}}]`.
 */
export async function postAppContacts(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(appContactsBody, req);
  const number = coexistenceNumber(ctx, body.phone_number_id);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const stateSync = body.contacts.map((c) => ({
    type: "contact",
    contact: {
      ...(c.full_name ? { full_name: c.full_name } : {}),
      ...(c.first_name ? { first_name: c.first_name } : {}),
      phone_number: digitsOf(c.phone_number),
    },
    action: c.action,
    metadata: { timestamp },
  }));
  const delivery = await deliver(ctx, notification(number, { state_sync: stateSync }, "smb_app_state_sync"));
  return reply(null, delivery);
}
