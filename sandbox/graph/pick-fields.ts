import type { SandboxRequest } from "@/sandbox/http";

/** Graph's `?fields=a,b`: only those fields, and always the id. */
export function pickFields<T extends Record<string, unknown>>(req: SandboxRequest, object: T): Partial<T> {
  const fields = req.query.get("fields");
  if (!fields) return object;
  const wanted = new Set(["id", ...fields.split(",").map((f) => f.trim())]);
  return Object.fromEntries(Object.entries(object).filter(([key]) => wanted.has(key))) as Partial<T>;
}
