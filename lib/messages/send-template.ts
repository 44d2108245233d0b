import "#server-only";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { isUuid } from "@/lib/ids/uuid";
import { type AfterSend, sendMessage } from "@/lib/messages/send-message";
import type { sendTemplateBody } from "@/lib/messages/send-schemas";
import { validateSendMessage } from "@/lib/messages/validation/validate-send-message";
import { findTemplateToSend } from "@/lib/templates/repository";

/** The contract's default language when a template is named rather than given by UUID. */
const NAME_DEFAULT_LANGUAGE = "id";

/**
 * POST /v1/whatsapp/templates/{templateId}/send. With a UUID, name, language and channel come
 * from the stored template, which avoids the two commonest causes of upstream error 132001.
 */
export async function sendTemplate(
  organizationId: string,
  templateId: string,
  body: z.infer<typeof sendTemplateBody>,
  /** lib/messages/send-message.ts's afterSend */
  afterSend?: AfterSend,
) {
  let name = templateId;
  let language = body.language;
  let channelId = body.channel_id;
  if (isUuid(templateId)) {
    const template = await findTemplateToSend(organizationId, templateId);
    if (!template) {
      throw new ApiError("WHATSAPP_TEMPLATE_NOT_FOUND", `No template ${templateId} in this organization.`, {
        field: "templateId",
        hint: "list approved templates with GET /v1/whatsapp/templates",
      });
    }
    name = template.name;
    channelId ??= template.channelId;
    const approved = template.translations;
    language ??= (approved.find((t) => t.language.startsWith("en")) ?? approved[0])?.language;
    if (!language) {
      throw new ApiError("WHATSAPP_TEMPLATE_NOT_FOUND", `The template ${name} has no approved translation.`, {
        field: "language",
        hint: "wait for approval or use another template",
      });
    }
  }
  const input = validateSendMessage(
    {
      to: body.to,
      recipient: body.recipient,
      type: "template",
      channel_id: channelId,
      template: {
        name,
        language: { code: language ?? NAME_DEFAULT_LANGUAGE },
        ...(body.components ? { components: body.components } : {}),
      },
    },
    { componentsField: "components" },
  );
  return sendMessage(organizationId, input, "components", afterSend);
}
