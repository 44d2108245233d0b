import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { deliver } from "@/sandbox/notify/deliver";
import type { StoredTemplate } from "@/sandbox/templates";

/** Events of Meta's message_template_status_update webhook. */
const STATUS_EVENTS = [
  "APPROVED",
  "ARCHIVED",
  "DELETED",
  "DISABLED",
  "FLAGGED",
  "IN_APPEAL",
  "LIMIT_EXCEEDED",
  "LOCKED",
  "PAUSED",
  "PENDING",
  "PENDING_DELETION",
  "REINSTATED",
  "REJECTED",
] as const;

const which = { waba_id: z.string().min(1), name: z.string().min(1), language: z.string().min(1) };

const statusBody = z.strictObject({
  ...which,
  event: z.enum(STATUS_EVENTS),
  /** REJECTED: ABUSIVE_CONTENT, INCORRECT_CATEGORY, INVALID_FORMAT, SCAM, TAG_CONTENT_MISMATCH, …; NONE otherwise */
  reason: z.string().min(1).default("NONE"),
  other_info: z.strictObject({ title: z.string(), description: z.string() }).optional(),
});

const categoryBody = z.strictObject({
  ...which,
  new_category: z.enum(["AUTHENTICATION", "MARKETING", "UTILITY"]),
});

/** The status a template shows in the template list after an event (FLAGGED keeps it sendable). */
function statusAfter(event: (typeof STATUS_EVENTS)[number], current: string): string {
  if (event === "REINSTATED") return "APPROVED";
  if (event === "FLAGGED") return current;
  return event;
}

function findTemplate(ctx: Ctx, wabaId: string, name: string, language: string): StoredTemplate {
  const template = ctx.state.templates.get(wabaId)?.find((t) => t.name === name && t.language === language);
  if (!template) throw controlError(404, `No template ${name} (${language}) on WABA ${wabaId}.`);
  return template;
}

/** The WABA-level webhook Meta posts for template changes (no phone number metadata). */
function wabaNotification(wabaId: string, field: string, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ value, field }] }],
  };
}

/** POST /_sandbox/template-status: the template's status changes and Meta's webhook is posted. */
export async function postTemplateStatus(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(statusBody, req);
  const template = findTemplate(ctx, body.waba_id, body.name, body.language);
  template.status = statusAfter(body.event, template.status);
  const delivery = await deliver(
    ctx,
    wabaNotification(body.waba_id, "message_template_status_update", {
      event: body.event,
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      reason: body.reason,
      ...(body.other_info ? { other_info: body.other_info } : {}),
    }),
  );
  return json(200, { id: template.id, template_status: template.status, status: delivery.status });
}

/** POST /_sandbox/template-category: the template's category changes and Meta's webhook is posted. */
export async function postTemplateCategory(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(categoryBody, req);
  const template = findTemplate(ctx, body.waba_id, body.name, body.language);
  const previous = template.category;
  template.category = body.new_category;
  const delivery = await deliver(
    ctx,
    wabaNotification(body.waba_id, "template_category_update", {
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      previous_category: previous,
      new_category: body.new_category,
    }),
  );
  return json(200, { id: template.id, category: template.category, status: delivery.status });
}
