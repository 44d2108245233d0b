/** Liveness: answers without touching PostgreSQL or Redis (also the benchmarks' trivial handler). */
export function GET(): Response {
  return Response.json({ success: true, data: { status: "ok" } });
}
