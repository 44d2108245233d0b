import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { postInbound } from "@/sandbox/control/inbound";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import type { Reply, SandboxRequest } from "@/sandbox/http";

const completeBody = z
  .strictObject({
    phone_number_id: z.string().min(1),
    from: z
      .string()
      .regex(/\d{5,}/, "a phone number")
      .optional(),
    user_id: z.string().min(1).optional(),
    name: z.string().min(1).optional(),
    /** the wamid of the Flow message the user completes (the sandbox accepted it) */
    message_id: z.string().min(1),
    /** what the user filled in; the sandbox adds the message's flow_token, as WhatsApp does */
    response: z.record(z.string(), z.unknown()).default({}),
    /** instead of `response`: response_json exactly as given (e.g. malformed JSON, or another token) */
    response_json: z.string().optional(),
    /** overrides the message's flow_token (e.g. a token of another business) */
    flow_token: z.string().min(1).optional(),
  })
  .refine((b) => b.from !== undefined || b.user_id !== undefined, {
    message: "from or user_id is required",
    path: ["from"],
  });

/**
 * POST /_sandbox/flows/complete: the user completes a Flow the app sent; the app gets the
 * `messages` webhook WhatsApp sends for it (Meta's "Receive Flow response",
 * developers.facebook.com/docs/whatsapp/flows/guides/receiveflowresponse): an `interactive` of type
 * `nfm_reply` {name "flow", body "Sent", response_json: a string of JSON holding the flow_token and
 * the Flow's fields} with `context.id` the Flow message's wamid. A Flow message sent without a
 * token answers with flow_token "unused" (Meta's documented default for a FLOW button).
 */
export async function postFlowComplete(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(completeBody, req);
  const sent = ctx.state.messages.get(body.message_id);
  if (!sent || sent.phone_number_id !== body.phone_number_id)
    throw controlError(404, `No message ${body.message_id} was sent from ${body.phone_number_id}.`);
  if (!sent.flow) throw controlError(409, `Message ${body.message_id} is not a Flow message.`);
  const token = body.flow_token ?? sent.flow.token ?? "unused";
  const responseJson = body.response_json ?? JSON.stringify({ ...body.response, flow_token: token });
  const inbound = {
    phone_number_id: body.phone_number_id,
    ...(body.from !== undefined ? { from: body.from } : {}),
    ...(body.user_id !== undefined ? { user_id: body.user_id } : {}),
    ...(body.name !== undefined ? { name: body.name } : {}),
    message: {
      type: "interactive",
      context: { id: body.message_id },
      interactive: {
        type: "nfm_reply",
        nfm_reply: { name: "flow", body: "Sent", response_json: responseJson },
      },
    },
  };
  return postInbound(ctx, { ...req, rawBody: Buffer.from(JSON.stringify(inbound)) });
}
