import { z } from "zod";
import { isCountryCode } from "@/lib/organizations/country-code";
import { STOP_WORD_MAX } from "@/lib/organizations/stop-words";

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
  /** an inbound text that is exactly one of these (any case) opts the contact out of marketing */
  marketing_stop_words: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .min(1, "a stop word cannot be empty")
        .max(STOP_WORD_MAX, `a stop word has at most ${STOP_WORD_MAX} characters`),
    )
    .max(20, "at most 20 stop words")
    .transform((words) => [...new Set(words)]),
});

/** A change names the settings it changes, at least one. */
export const orgSettingsBody = orgSettingsJson
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), "name at least one setting");

export type OrgSettingsJson = z.infer<typeof orgSettingsJson>;
export type OrgSettingsChange = z.infer<typeof orgSettingsBody>;
