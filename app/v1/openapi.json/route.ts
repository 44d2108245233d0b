import { methodNotAllowed } from "@/lib/api/route";
import { openApiJson } from "@/lib/openapi/document";

/**
 * The OpenAPI 3.1 document of /v1. Public: no key, no rate limit. It changes only with a
 * deploy, so caches may keep it for an hour and revalidate with the ETag afterwards.
 */
export function GET(request: Request): Response {
  const { json, etag } = openApiJson();
  const headers = {
    "Cache-Control": "public, max-age=3600, stale-while-revalidate=86400",
    ETag: etag,
    "Access-Control-Allow-Origin": "*",
  };
  const given = request.headers.get("if-none-match");
  if (given?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(json, {
    status: 200,
    headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
  });
}

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
