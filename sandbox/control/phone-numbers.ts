import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";

const phoneNumberBody = z.strictObject({
  waba_id: z.string().min(1),
  display_phone_number: z.string().min(1),
  access_token: z.string().min(1),
  verified_name: z.string().min(1).default("Sandbox Business"),
  /** messages a second before 130429; the Cloud API's default is 80, its top tier 1,000 */
  throughput_per_second: z.number().int().min(1).max(100_000).default(80),
  /** shared with the WhatsApp Business app: sends are paced at Meta's fixed 20/s whatever throughput_per_second says */
  coexistence: z.boolean().default(false),
  /** accepted the Marketing Messages API terms; otherwise /marketing_messages falls back or refuses (product_policy) */
  marketing_messages_onboarded: z.boolean().default(false),
  /** Meta lets a number enable calling only with a messaging limit of 2000 or more; false plays one below */
  calling_eligible: z.boolean().default(true),
});

/** PUT /_sandbox/phone-numbers/{phone_number_id}: register or replace a business phone number. */
export function putPhoneNumber(ctx: Ctx, req: SandboxRequest, id: string): Reply {
  const body = parseControl(phoneNumberBody, req);
  const number = { id, ...body };
  ctx.state.phoneNumbers.set(id, number);
  ctx.log.info({ phone_number_id: id, waba_id: body.waba_id }, "sandbox phone number registered");
  return json(200, number);
}
