import { errorBody } from "@/lib/api/envelope";
import { ApiError } from "@/lib/api/errors";

/** Paths below the receiver name nothing: the error envelope rather than Next's HTML page. */
function notFound(request: Request): Response {
  const error = new ApiError(
    "RESOURCE_NOT_FOUND",
    `No endpoint ${request.method} ${new URL(request.url).pathname}.`,
  );
  return new Response(JSON.stringify(errorBody(error)), {
    status: error.status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
