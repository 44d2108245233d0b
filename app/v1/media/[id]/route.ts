import { ok } from "@/lib/api/envelope";
import { ApiError } from "@/lib/api/errors";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { MEDIA_ENDPOINTS } from "@/lib/media/endpoints";
import { toMediaJson } from "@/lib/media/media-json";
import { findMedia } from "@/lib/media/repository";

export const GET = apiRoute(MEDIA_ENDPOINTS.getMedia, async ({ org, params }) => {
  const media = await findMedia(org.id, params.id);
  if (!media) throw new ApiError("RESOURCE_NOT_FOUND", `No media ${params.id}.`);
  return ok(toMediaJson(media));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
