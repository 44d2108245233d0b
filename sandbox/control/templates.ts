import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { storedTemplateSchema, withId } from "@/sandbox/templates";

const templatesBody = z.strictObject({ data: z.array(storedTemplateSchema).max(10_000) });

/** PUT /_sandbox/templates/{waba_id}: replace the WABA's templates (Cloud API template objects). */
export function putTemplates(ctx: Ctx, req: SandboxRequest, wabaId: string): Reply {
  const templates = parseControl(templatesBody, req).data.map(withId);
  const seen = new Set<string>();
  for (const t of templates) {
    for (const key of [`${t.name}/${t.language}`, `id:${t.id}`]) {
      if (seen.has(key))
        throw controlError(400, `Template ${t.name} (${t.language}, id ${t.id}) is given twice.`);
      seen.add(key);
    }
  }
  ctx.state.templates.set(wabaId, templates);
  return json(200, { success: true, count: templates.length, data: templates });
}
