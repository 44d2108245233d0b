import { z } from "zod";
import { isCountryCode } from "@/lib/contacts/phone-input";

/** The organization's dashboard settings that owners and admins change. */
export const orgSettingsJson = z.object({
  default_country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (code): boolean => isCountryCode(code),
      "must be an ISO 3166-1 alpha-2 country code libphonenumber knows, e.g. US",
    ),
  /** staff opening a conversation marks the customer's messages read upstream */
  mark_read_on_open: z.boolean(),
});

/** A change names the settings it changes, at least one. */
export const orgSettingsBody = orgSettingsJson
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), "name at least one setting");

export type OrgSettingsJson = z.infer<typeof orgSettingsJson>;
export type OrgSettingsChange = z.infer<typeof orgSettingsBody>;
