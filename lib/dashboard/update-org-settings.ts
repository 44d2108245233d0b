import type { OrgSettingsJson } from "@/lib/dashboard/org-settings-schema";
import { db } from "@/lib/db";

export async function updateOrgSettings(
  organizationId: string,
  body: OrgSettingsJson,
): Promise<OrgSettingsJson> {
  const org = await db().organization.update({
    where: { id: organizationId },
    data: { defaultCountry: body.default_country },
    select: { defaultCountry: true },
  });
  return { default_country: org.defaultCountry };
}
