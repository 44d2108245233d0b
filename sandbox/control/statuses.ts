import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { ERROR_TITLES } from "@/sandbox/error-titles";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { ERROR_CODES_HREF, postStatus } from "@/sandbox/notify/statuses";

const statusBody = z.strictObject({
  message_id: z.string().min(1),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  timestamp: z.number().int().positive().optional(),
  errors: z
    .array(
      z.strictObject({
        code: z.number().int(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.strictObject({ details: z.string() }).optional(),
        href: z.string().optional(),
      }),
    )
    .optional(),
});

/** POST /_sandbox/statuses: a status notification for a message the sandbox accepted. */
export async function postStatusNow(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(statusBody, req);
  const message = ctx.state.messages.get(body.message_id);
  if (!message) throw controlError(404, `Unknown message_id ${body.message_id}.`);
  if (!ctx.state.app) throw controlError(409, "No app registered: PUT /_sandbox/app first.");
  const given = body.errors ?? (body.status === "failed" ? [{ code: 131026 }] : undefined);
  const errors = given?.map((e) => {
    const known = ERROR_TITLES[e.code];
    const title = e.title ?? known?.title ?? "Unknown error";
    return {
      code: e.code,
      title,
      message: e.message ?? title,
      error_data: e.error_data ?? { details: title },
      href: e.href ?? ERROR_CODES_HREF,
    };
  });
  const at = (body.timestamp ?? Math.floor(Date.now() / 1000)) * 1000;
  const delivery = await postStatus(ctx, message, { status: body.status, at: 0, errors }, at);
  return json(200, {
    id: message.id,
    status: delivery.status,
    ...(delivery.error ? { error: delivery.error } : {}),
  });
}
