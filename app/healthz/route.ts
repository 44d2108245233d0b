import { ok } from "@/lib/api/envelope";
import { plainMethodNotAllowed } from "@/lib/api/respond";

/** Liveness: answers without touching PostgreSQL or Redis (also the benchmarks' trivial handler). */
export function GET(): Response {
  return Response.json(ok({ status: "ok" }).body);
}

// a method it does not serve: 405 in the envelope with Allow (lib/api/respond.ts)
export const { POST, PUT, PATCH, DELETE } = plainMethodNotAllowed(["GET"]);
