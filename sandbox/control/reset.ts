import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { resetState } from "@/sandbox/state";

const resetBody = z.strictObject({ keep_config: z.boolean().default(false) });

/** POST /_sandbox/reset: forget everything (with keep_config: all but the app, phone numbers and templates). */
export function reset(ctx: Ctx, req: SandboxRequest): Reply {
  const { keep_config } = parseControl(resetBody, req);
  resetState(ctx.state, keep_config);
  return json(200, { success: true });
}
