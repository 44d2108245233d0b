import { ApiError } from "@/lib/api/errors";
import { errorResponse } from "@/lib/api/respond";

/** Paths below the receiver name nothing: the error envelope rather than Next's HTML page. */
function notFound(request: Request): Response {
  const error = new ApiError(
    "RESOURCE_NOT_FOUND",
    `No endpoint ${request.method} ${new URL(request.url).pathname}.`,
  );
  return errorResponse(error);
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
