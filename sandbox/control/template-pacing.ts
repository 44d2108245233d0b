import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { errors } from "@/sandbox/errors";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { scheduleFailure, scheduleLifecycle } from "@/sandbox/notify/statuses";
import type { AcceptedMessage, SandboxState } from "@/sandbox/state";

/**
 * Meta's template pacing, played. Source: "Template pacing"
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/template-pacing
 * (marketing and utility templates; past a threshold the messages of a paced template are held
 * until Meta has early feedback, then sent on a good signal or dropped on a bad one) and the send
 * answer's `messages[0].message_status` (`accepted` | `held_for_quality_assessment` | `paused`,
 * v23 OpenAPI). Where no page says, the sandbox decided: the threshold is the test's (every send
 * of a paced template is held from the control on); a `paused` answer is held like
 * `held_for_quality_assessment`; a dropped message gets a `failed` status with 132015 (the
 * template-paused error); `message_status` is in the answer only for a paced template; and
 * releasing or dropping moves the held messages only (PUT again to change what new sends get).
 */

export type PacingStatus = "held_for_quality_assessment" | "paused";

const pacingKey = (wabaId: string, name: string) => `${wabaId}:${name}`;

/** What the send answer says of a template of `category` (undefined: a plain acceptance, no message_status). */
export function pacingOf(
  state: SandboxState,
  wabaId: string,
  name: string,
  category: string | undefined,
): PacingStatus | undefined {
  if (category !== "marketing" && category !== "utility") return undefined;
  return state.templatePacing.get(pacingKey(wabaId, name));
}

/** A held message: no status until the template's held messages are released or dropped. */
export function holdMessage(
  state: SandboxState,
  message: AcceptedMessage,
  wabaId: string,
  name: string,
): void {
  state.heldMessages.set(message.id, { message, template: pacingKey(wabaId, name) });
}

const pacingBody = z.strictObject({
  /** accepted ends the pacing: sends are answered as before */
  message_status: z.enum(["accepted", "held_for_quality_assessment", "paused"]),
});

/** PUT /_sandbox/template-pacing/{waba_id}/{template_name}: what sends of the template (every language) answer from now on. */
export function putTemplatePacing(ctx: Ctx, req: SandboxRequest, wabaId: string, name: string): Reply {
  const body = parseControl(pacingBody, req);
  const key = pacingKey(wabaId, name);
  if (body.message_status === "accepted") ctx.state.templatePacing.delete(key);
  else ctx.state.templatePacing.set(key, body.message_status);
  return json(200, { success: true, message_status: body.message_status });
}

const releaseBody = z.strictObject({
  /** send: a good quality signal, the held messages go out (sent, delivered, read as usual); drop: a bad one (failed, 132015) */
  outcome: z.enum(["send", "drop"]).default("send"),
});

/** POST /_sandbox/template-pacing/{waba_id}/{template_name}/release: Meta's verdict on the held messages of the template. */
export function releaseTemplatePacing(ctx: Ctx, req: SandboxRequest, wabaId: string, name: string): Reply {
  const { outcome } = parseControl(releaseBody, req);
  const key = pacingKey(wabaId, name);
  const now = Date.now();
  const ids: string[] = [];
  for (const [id, held] of ctx.state.heldMessages) {
    if (held.template !== key) continue;
    ctx.state.heldMessages.delete(id);
    ids.push(id);
    if (outcome === "send") scheduleLifecycle(ctx, held.message, now);
    else scheduleFailure(ctx, held.message, errors.templatePaused(name).body.error, now);
  }
  return json(200, { success: true, outcome, count: ids.length, message_ids: ids });
}
