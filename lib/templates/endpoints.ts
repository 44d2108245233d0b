import { declareEndpoints } from "@/lib/api/endpoint";
import { listTemplatesQuery } from "@/lib/templates/schemas";
import { templateJson } from "@/lib/templates/template-json";

/** Listing only; sending a template is a message (lib/messages/endpoints.ts). */
export const TEMPLATE_ENDPOINTS = declareEndpoints({
  listTemplates: {
    method: "GET",
    path: "/v1/whatsapp/templates",
    tag: "Templates",
    scope: "whatsapp:templates",
    summary: "List approved templates",
    description:
      "Synchronized templates with status APPROVED, one item per name with its languages. Without `channel_id` the most recently active channel is used.",
    query: listTemplatesQuery,
    response: templateJson,
    list: true,
    status: 200,
    errors: ["WHATSAPP_CHANNEL_NOT_FOUND"],
  },
});
