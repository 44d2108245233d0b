import "#server-only";
import { db } from "@/lib/db";
import type { OrgSettingsChange, OrgSettingsJson } from "@/lib/organizations/org-settings-schema";

export async function updateOrgSettings(
  organizationId: string,
  body: OrgSettingsChange,
): Promise<OrgSettingsJson> {
  const org = await db().organization.update({
    where: { id: organizationId },
    data: {
      defaultCountry: body.default_country,
      markReadOnOpen: body.mark_read_on_open,
      marketingStopWords: body.marketing_stop_words,
    },
    select: { defaultCountry: true, markReadOnOpen: true, marketingStopWords: true },
  });
  return {
    default_country: org.defaultCountry,
    mark_read_on_open: org.markReadOnOpen,
    marketing_stop_words: org.marketingStopWords,
  };
}
