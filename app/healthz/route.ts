import { ok } from "@/lib/api/envelope";

/** Liveness: answers without touching PostgreSQL or Redis (also the benchmarks' trivial handler). */
export function GET(): Response {
  return Response.json(ok({ status: "ok" }).body);
}
