import { plainMethodNotAllowed } from "@/lib/api/respond";
import { metricsAnswer } from "@/lib/metrics/serve-metrics";

export const dynamic = "force-dynamic";

/** Prometheus scrape of the web process: off (404) unless METRICS_TOKEN is set, then only with it. */
export async function GET(request: Request): Promise<Response> {
  const answer = await metricsAnswer(request.headers.get("authorization"));
  return new Response(answer.body, {
    status: answer.status,
    headers: { "content-type": answer.contentType, "cache-control": "no-store" },
  });
}

// a method it does not serve: 405 in the envelope with Allow (lib/api/respond.ts)
export const { POST, PUT, PATCH, DELETE } = plainMethodNotAllowed(["GET"]);
