import { z } from "zod";
import { declareEndpoints } from "@/lib/api/endpoint";
import { mediaJson } from "@/lib/media/media-json";

export const MEDIA_ENDPOINTS = declareEndpoints({
  getMedia: {
    method: "GET",
    path: "/v1/media/{id}",
    tag: "Media",
    scope: "whatsapp:send",
    summary: "Get a media download link",
    description:
      "Exchanges the media reference `id` of an inbound message for a signed link on this service, valid for 5 minutes, that streams our stored copy.",
    params: z.object({
      id: z.uuid().meta({ description: "The media reference (the inbound messageId)" }),
    }),
    response: mediaJson,
    status: 200,
    errors: ["RESOURCE_NOT_FOUND"],
  },
});
