import { z } from "zod";
import { controlError } from "@/sandbox/graph-error";
import { parseJson, type SandboxRequest } from "@/sandbox/http";

/** Control API bodies are JSON; a bad one is a 400 naming every problem. */
export function parseControl<T>(schema: z.ZodType<T>, req: SandboxRequest): T {
  const body = req.rawBody.length === 0 ? {} : parseJson(req.rawBody);
  if (body === undefined) throw controlError(400, "The body must be JSON.");
  const result = schema.safeParse(body);
  if (!result.success) throw controlError(400, `Invalid body: ${z.prettifyError(result.error)}`);
  return result.data;
}
