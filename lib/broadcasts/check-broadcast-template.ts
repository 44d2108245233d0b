import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { CreateBroadcastInput } from "@/lib/broadcasts/create-request";
import { findPlaceholders } from "@/lib/broadcasts/placeholders";
import { resolveSendChannel } from "@/lib/channels/resolve-channel";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { findTemplateTranslation } from "@/lib/messages/find-template-translation";
import type { TemplateComponentInput } from "@/lib/messages/message-schemas";
import {
  type StoredTemplateStructure,
  validateTemplateComponents,
} from "@/lib/messages/validation/template-components";

export type CheckedTemplate = {
  channel: Channel;
  name: string;
  language: string;
  category: string;
  /** normalized as a send's, placeholders still in them */
  components: TemplateComponentInput[];
  /** the distinct placeholders, in the order of each recipient's values */
  keys: string[];
  /** the placeholders used at least once without a fallback */
  required: string[];
  /** the stored template the components were checked against (the dashboard's preview draws it) */
  stored: StoredTemplateStructure;
};

/**
 * What concerns the whole broadcast, checked before anything is stored: the channel (the
 * contract's rules), an approved translation of the template on it (a language the upstream
 * may know and we do not is refused here, unlike a single send: thousands of 132001 failures
 * help nobody), the placeholders, and the components against the stored template.
 */
export async function checkBroadcastTemplate(
  organizationId: string,
  input: Pick<CreateBroadcastInput, "channel_id" | "template">,
): Promise<CheckedTemplate> {
  const channel = await resolveSendChannel(organizationId, input.channel_id);
  const { name, language } = input.template;
  const translation = await findTemplateTranslation(organizationId, channel.id, name, language.code);
  if (!translation) {
    throw new ApiError(
      "WHATSAPP_TEMPLATE_NOT_FOUND",
      `The template ${name} has no translation ${language.code} on this channel.`,
      {
        field: "template.language.code",
        hint: "use a language listed as APPROVED for the template in GET /v1/whatsapp/templates",
      },
    );
  }
  const given = input.template.components ?? [];
  const use = findPlaceholders(given, "template.components");
  const [first] = use.problems;
  if (first) {
    throw new ApiError("VALIDATION_INVALID_FIELD", `Invalid field ${first.field}: ${first.message}`, {
      field: first.field,
      hint: first.message,
      errors: use.problems,
    });
  }
  const stored: StoredTemplateStructure = {
    components: translation.components as StoredTemplateStructure["components"],
    parameterFormat: translation.parameterFormat === "NAMED" ? "NAMED" : "POSITIONAL",
  };
  const components = validateTemplateComponents(given, stored, { field: "template.components" });
  return {
    channel,
    name,
    language: language.code,
    category: translation.category.toUpperCase(),
    components,
    keys: use.keys,
    required: use.required,
    stored,
  };
}
