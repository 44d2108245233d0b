import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { createFault, faultBody } from "@/sandbox/faults";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";

/** POST /_sandbox/faults: the next `count` matching sends fail (or stall first). */
export function postFault(ctx: Ctx, req: SandboxRequest): Reply {
  const fault = createFault(parseControl(faultBody, req));
  ctx.state.faults.push(fault);
  return json(201, fault);
}

export function listFaults(ctx: Ctx): Reply {
  return json(200, { data: ctx.state.faults });
}

export function deleteFaults(ctx: Ctx): Reply {
  const deleted = ctx.state.faults.length;
  ctx.state.faults.length = 0;
  return json(200, { deleted });
}
