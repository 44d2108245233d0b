import { ok } from "@/lib/api/envelope";
import { ApiError } from "@/lib/api/errors";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { db } from "@/lib/db";
import { toMediaJson } from "@/lib/media/media-json";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const GET = apiRoute<undefined, undefined, { id: string }>(
  { scope: "whatsapp:send" },
  async ({ org, params }) => {
    const media = UUID.test(params.id)
      ? await db().media.findFirst({ where: { id: params.id, organizationId: org.id } })
      : null;
    if (!media) throw new ApiError("RESOURCE_NOT_FOUND", `No media ${params.id}.`);
    return ok(toMediaJson(media));
  },
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
