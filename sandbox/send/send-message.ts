import { authorizePhoneNumber } from "@/sandbox/auth";
import type { Ctx } from "@/sandbox/context";
import { holdMessage, pacingOf } from "@/sandbox/control/template-pacing";
import { takeOnSend } from "@/sandbox/control/thread-control";
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
import { pricingOf } from "@/sandbox/send/pricing";
import { checkWindow } from "@/sandbox/send/window";
import {
  type AcceptedMessage,
  COEXISTENCE_PER_SECOND,
  type PhoneNumber,
  type RecordedRequest,
  recordRequest,
  windowKey,
} from "@/sandbox/state";

/** Errors the real service reports in a `failed` status rather than in the answer (with async_errors). */
const ASYNC_CODES = new Set([131047, 131053]);

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

/** What a /marketing_messages request adds to a send; `via` is decided once the number is known. */
export type MarketingSend = {
  policy: "STRICT" | "CLOUD_API_FALLBACK";
  /** a refusal of product_policy / message_activity_sharing, thrown once the token is checked */
  invalid?: string;
  via?: "marketing_messages" | "cloud_api";
};

export async function handleSend(
  ctx: Ctx,
  req: SandboxRequest,
  phoneNumberId: string,
  body: unknown,
  entry: RecordedRequest,
  marketing?: MarketingSend,
): Promise<Reply> {
  const { state } = ctx;
  await applyFault(ctx, phoneNumberId);
  const number = authorizePhoneNumber(state, req, phoneNumberId);
  const perSecond = number.coexistence ? COEXISTENCE_PER_SECOND : number.throughput_per_second;
  if (!takeToken(state.throughput, number.id, perSecond, perSecond / 1000)) throw errors.throughput();
  if (marketing?.invalid) throw errors.invalidParameter(marketing.invalid);
  const request = parseSendRequest(body);
  if (request.kind === "read") {
    if (marketing) throw errors.marketingNotTemplate();
    return json(200, { success: true });
  }
  if (marketing && request.content.type !== "template") throw errors.marketingNotTemplate();
  if (state.blocked.has(windowKey(number.id, request.waId))) throw errors.blockedUser();
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
    if (marketing) marketing.via = marketingRoute(number, category, marketing.policy);
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
    ...pricingOf(state, number, request.waId, category, marketing?.via === "marketing_messages"),
  };
  state.messages.set(message.id, message);
  entry.id = message.id;
  // conversation routing: the escalation partner's service message takes the thread
  if (!deferred) takeOnSend(ctx, number, request.waId);
  // template pacing (sandbox/control/template-pacing.ts): held, no status until released
  const template = request.content.type === "template" ? request.content.template.name : undefined;
  const pacing =
    !deferred && template !== undefined ? pacingOf(state, number.waba_id, template, category) : undefined;
  const now = Date.now();
  if (deferred) scheduleFailure(ctx, message, deferred.body.error, now);
  else if (pacing && template !== undefined) holdMessage(state, message, number.waba_id, template);
  else scheduleLifecycle(ctx, message, now);
  return json(200, {
    messaging_product: "whatsapp",
    contacts: [
      request.userId === undefined
        ? { input: request.to, wa_id: request.waId }
        : { input: request.userId, user_id: request.userId },
    ],
    messages: [pacing ? { id: message.id, message_status: pacing } : { id: message.id }],
    // the Marketing Messages API's answer adds `success` (v23 MarketingMessageResponsePayload)
    ...(marketing ? { success: true } : {}),
  });
}

/**
 * Where a /marketing_messages send goes: only MARKETING templates are accepted; a number that
 * has not accepted the API's terms is refused (STRICT) or served by the Cloud API
 * (CLOUD_API_FALLBACK), as product_policy says.
 */
function marketingRoute(
  number: PhoneNumber,
  category: string | undefined,
  policy: MarketingSend["policy"],
): "marketing_messages" | "cloud_api" {
  if (category !== "marketing") throw errors.marketingNotMarketing();
  if (number.marketing_messages_onboarded) return "marketing_messages";
  if (policy === "STRICT") throw errors.marketingNotOnboarded();
  return "cloud_api";
}

/** POST /{version}/{phone_number_id}/messages: every request is recorded with the answer it got. */
export async function sendMessage(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Promise<Reply> {
  const body = parseJson(req.rawBody);
  const entry = recordRequest(ctx.state, {
    id: null,
    phone_number_id: phoneNumberId,
    endpoint: "messages",
    body: body ?? req.rawBody.toString("utf8"),
    received_at: new Date().toISOString(),
    result: null,
    response: null,
  });
  try {
    const reply = await handleSend(ctx, req, phoneNumberId, body, entry);
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
