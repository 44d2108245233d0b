import { authorizePhoneNumber } from "@/sandbox/auth";
import type { Ctx } from "@/sandbox/context";
import { errors } from "@/sandbox/errors";
import { applyFault } from "@/sandbox/faults";
import { GraphError } from "@/sandbox/graph-error";
import { json, parseJson, type Reply, type SandboxRequest } from "@/sandbox/http";
import { newWamid } from "@/sandbox/ids";
import { takeToken } from "@/sandbox/limits";
import { scheduleFailure, scheduleLifecycle } from "@/sandbox/notify/statuses";
import { checkTemplate } from "@/sandbox/send/check-template";
import { type Content, parseSendRequest } from "@/sandbox/send/envelope";
import { checkMedia } from "@/sandbox/send/fetch-media";
import { checkWindow, windowOpen } from "@/sandbox/send/window";
import {
  type AcceptedMessage,
  type PhoneNumber,
  type RecordedRequest,
  recordRequest,
  type SandboxState,
  windowKey,
} from "@/sandbox/state";

/** Errors the real service reports in a `failed` status rather than in the answer (with async_errors). */
const ASYNC_CODES = new Set([131047, 131053]);

function pricing(state: SandboxState, number: PhoneNumber, waId: string, category: string | undefined) {
  if (category === undefined) return { category: "service", billable: false };
  const free = category === "utility" && windowOpen(state, number.id, waId);
  return { category, billable: !free };
}

/** Everything that can refuse a valid message after the limits: window, template, media. */
async function checkContent(
  ctx: Ctx,
  number: PhoneNumber,
  waId: string,
  content: Content,
  byUserId: boolean,
): Promise<string | undefined> {
  let category: string | undefined;
  if (content.type === "template") {
    category = checkTemplate(ctx.state, number.waba_id, content.template).category.toLowerCase();
    if (byUserId && category === "authentication") throw errors.authTemplateToUserId();
  } else {
    checkWindow(ctx.state, number.id, waId);
  }
  await checkMedia(ctx.state, number.waba_id, content);
  return category;
}

async function handle(
  ctx: Ctx,
  req: SandboxRequest,
  phoneNumberId: string,
  body: unknown,
  entry: RecordedRequest,
): Promise<Reply> {
  const { state } = ctx;
  await applyFault(ctx, phoneNumberId);
  const number = authorizePhoneNumber(state, req, phoneNumberId);
  const perSecond = number.throughput_per_second;
  if (!takeToken(state.throughput, number.id, perSecond, perSecond / 1000)) throw errors.throughput();
  const request = parseSendRequest(body);
  if (request.kind === "read") return json(200, { success: true });
  // a business-scoped user id exists for this business only once the user wrote to it
  if (request.userId !== undefined && !state.lastInbound.has(windowKey(number.id, request.waId))) {
    throw errors.invalidParameter(
      "Param recipient must be the business-scoped user id of a user who wrote to this phone number.",
    );
  }

  const pair = state.settings.pair_rate_limit;
  if (pair && !takeToken(state.pairs, `${number.id}:${request.waId}`, pair.burst, 1 / pair.interval_ms)) {
    throw errors.pairRateLimit();
  }
  let category: string | undefined;
  let deferred: GraphError | undefined;
  try {
    category = await checkContent(ctx, number, request.waId, request.content, request.userId !== undefined);
  } catch (error) {
    const async =
      state.settings.async_errors && error instanceof GraphError && ASYNC_CODES.has(error.body.error.code);
    if (!async) throw error;
    deferred = error;
  }
  // as Meta does: accepted, then a `failed` status (131050) for a user who stopped marketing
  if (category === "marketing" && state.marketingStopped.has(windowKey(number.id, request.waId))) {
    deferred ??= errors.marketingStopped();
  }
  const message: AcceptedMessage = {
    id: newWamid(request.userId ?? request.waId),
    phone_number_id: number.id,
    recipient_id: request.userId ?? request.waId,
    biz_opaque_callback_data: request.bizOpaque,
    ...pricing(state, number, request.waId, category),
  };
  state.messages.set(message.id, message);
  entry.id = message.id;
  const now = Date.now();
  if (deferred) scheduleFailure(ctx, message, deferred.body.error, now);
  else scheduleLifecycle(ctx, message, now);
  return json(200, {
    messaging_product: "whatsapp",
    contacts: [
      request.userId === undefined
        ? { input: request.to, wa_id: request.waId }
        : { input: request.userId, user_id: request.userId },
    ],
    messages: [{ id: message.id }],
  });
}

/** POST /{version}/{phone_number_id}/messages: every request is recorded with the answer it got. */
export async function sendMessage(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Promise<Reply> {
  const body = parseJson(req.rawBody);
  const entry = recordRequest(ctx.state, {
    id: null,
    phone_number_id: phoneNumberId,
    body: body ?? req.rawBody.toString("utf8"),
    received_at: new Date().toISOString(),
    result: null,
    response: null,
  });
  try {
    const reply = await handle(ctx, req, phoneNumberId, body, entry);
    entry.result = reply.status;
    entry.response = "json" in reply ? reply.json : null;
    return reply;
  } catch (error) {
    if (error instanceof GraphError) {
      entry.result = error.status;
      entry.response = error.body;
    }
    throw error;
  }
}
