import { type NextRequest, NextResponse } from "next/server";
import { errorBody } from "@/lib/api/envelope";
import { ApiError } from "@/lib/api/errors";

/**
 * Next decodes path segments before any route handler or page runs, and answers a segment that
 * is not valid percent-encoding (`%zz`, `%C0%AF`, an encoded surrogate `%ED%A0%80`) with a plain
 * 500. Such a path names nothing: it gets a 404 here instead, the API's envelope on the machine
 * endpoints (/v1, the dashboard's JSON routes, the receivers, media links, the Flow endpoint) and
 * the app's not-found page on the dashboard's pages (`/dashboard/broadcasts/%zz`). The matcher
 * keeps this to paths with a dynamic segment holding a `%`, so ordinary requests (and their
 * bodies, which Next buffers for a proxy) never pass through it.
 */
export function proxy(request: NextRequest): NextResponse {
  const path = request.nextUrl.pathname;
  if (path.split("/").every(decodes)) return NextResponse.next();
  if (path.startsWith("/dashboard/")) {
    // the app's own not-found page (app/not-found.tsx, its way back to the dashboard), as for any
    // address that names nothing: rendered for a path no route can match
    return NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url));
  }
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

/** Matches no route: Next answers it with app/not-found.tsx and a 404. */
const NOT_FOUND_PATH = "/_invalid-address";

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  matcher: [
    "/v1/:path(.*%.*)",
    "/api/:path(.*%.*)",
    "/webhooks/:path(.*%.*)",
    "/media/:path(.*%.*)",
    "/flows/:path(.*%.*)",
    "/dashboard/:path(.*%.*)",
  ],
};
