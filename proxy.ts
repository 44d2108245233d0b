import { type NextRequest, NextResponse } from "next/server";
import { errorBody } from "@/lib/api/envelope";
import { ApiError } from "@/lib/api/errors";

/**
 * Next decodes path segments before any route handler runs, and answers a segment that is
 * not valid percent-encoding (`%zz`, `%C0%AF`, an encoded surrogate `%ED%A0%80`) with a plain
 * 500. Such a path names nothing: it gets the API's 404 envelope here instead. The matcher
 * keeps this to API paths holding a `%`, so ordinary requests (and their bodies, which Next
 * buffers for a proxy) never pass through it.
 */
export function proxy(request: NextRequest): NextResponse {
  const path = request.nextUrl.pathname;
  if (path.split("/").every(decodes)) return NextResponse.next();
  const requestId = `req_${crypto.randomUUID().replaceAll("-", "")}`;
  const error = new ApiError(
    "RESOURCE_NOT_FOUND",
    "No endpoint has this path: it is not valid percent-encoding.",
  );
  return NextResponse.json(errorBody(error), {
    status: error.status,
    headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" },
  });
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  matcher: ["/v1/:path(.*%.*)", "/api/:path(.*%.*)", "/webhooks/:path(.*%.*)"],
};
