import { z } from "zod";
import { isCountryCode } from "@/lib/dashboard/phone-input";

/** The organization's dashboard settings that owners and admins change. */
export const orgSettingsBody = z.object({
  default_country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (code): boolean => isCountryCode(code),
      "must be an ISO 3166-1 alpha-2 country code libphonenumber knows, e.g. US",
    ),
});

export type OrgSettingsJson = z.infer<typeof orgSettingsBody>;
