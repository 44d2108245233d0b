import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { takeOverAfterSend } from "@/lib/conversations/take-over-on-send";
import { MESSAGE_ENDPOINTS } from "@/lib/messages/endpoints";
import { sendTemplate } from "@/lib/messages/send-template";

export const POST = apiRoute(
  MESSAGE_ENDPOINTS.sendTemplate,
  // Next has already decoded the path segment: decoding again broke on ids such as `%25zz`
  async ({ org, body, params }) =>
    ok(await sendTemplate(org.id, params.templateId, body, takeOverAfterSend())),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
