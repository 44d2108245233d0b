import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { TemplateTranslation } from "@/lib/generated/prisma/client.ts";
import { findSendTemplate } from "@/lib/templates/repository";

/**
 * The stored translation a template send will use. An unknown or inactive name is
 * WHATSAPP_TEMPLATE_NOT_FOUND; a rejected translation WHATSAPP_TEMPLATE_REJECTED; one not
 * (yet) approved is not found either. A language we do not know is left to the upstream,
 * whose 132001 we explain, since our copy may be older than the upstream's.
 */
export async function findTemplateTranslation(
  organizationId: string,
  channelId: string,
  name: string,
  language: string,
): Promise<TemplateTranslation | null> {
  const template = await findSendTemplate(organizationId, channelId, name);
  if (!template || template.translations.length === 0) {
    throw new ApiError("WHATSAPP_TEMPLATE_NOT_FOUND", `No template named ${name} on this channel.`, {
      field: "template.name",
      hint: "list approved templates with GET /v1/whatsapp/templates?channel_id=…",
    });
  }
  const translation = template.translations.find((t) => t.language === language);
  if (!translation) return null;
  if (translation.status === "REJECTED") {
    throw new ApiError(
      "WHATSAPP_TEMPLATE_REJECTED",
      `The template ${name} (${language}) was rejected upstream.`,
      {
        field: "template.name",
        hint: "edit and resubmit the template for approval, or use another one",
        ...whyOf(translation),
      },
    );
  }
  if (translation.status !== "APPROVED") {
    throw new ApiError(
      "WHATSAPP_TEMPLATE_NOT_FOUND",
      `The template ${name} (${language}) is not approved (status ${translation.status}).`,
      {
        field: "template.language.code",
        hint: "use a language whose status is APPROVED",
        status: translation.status,
        ...whyOf(translation),
      },
    );
  }
  return translation;
}

/** The upstream's reason for a rejection or pause, as its status notification gave it. */
function whyOf(t: TemplateTranslation): { reason?: string; reasonDetails?: string } {
  return {
    ...(t.statusReason ? { reason: t.statusReason } : {}),
    ...(t.statusDetails ? { reasonDetails: t.statusDetails } : {}),
  };
}
