import "#server-only";
import { db } from "@/lib/db";
import type { OrgSettingsJson } from "@/lib/organizations/org-settings-schema";

export async function getOrgSettings(organizationId: string): Promise<OrgSettingsJson> {
  const org = await db().organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { defaultCountry: true, markReadOnOpen: true, marketingStopWords: true },
  });
  return {
    default_country: org.defaultCountry,
    mark_read_on_open: org.markReadOnOpen,
    marketing_stop_words: org.marketingStopWords,
  };
}
