import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { sendTemplateBody } from "@/lib/messages/send-schemas";
import { sendTemplate } from "@/lib/messages/send-template";

export const POST = apiRoute<typeof sendTemplateBody, undefined, { templateId: string }>(
  { scope: "whatsapp:send", body: sendTemplateBody },
  // Next has already decoded the path segment: decoding again broke on ids such as `%25zz`
  async ({ org, body, params }) => ok(await sendTemplate(org.id, params.templateId, body)),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
