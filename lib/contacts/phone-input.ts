import { parsePhoneNumberFromString } from "libphonenumber-js";
import { isCountryCode } from "@/lib/organizations/country-code";

/**
 * People type numbers as they write them: "(212) 555-0210", "212-555-0210", "020 7946 0958".
 * The dashboard reads such input against the organization's default country; the /v1 API keeps
 * its contract (E.164, or the country code without +) and never sees this.
 */

/** Only what a phone number is written with: digits, spaces, + ( ) . - and at least 3 digits. */
function looksLikePhone(text: string): boolean {
  return /^[\d\s()+.-]+$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 3;
}

/**
 * A full number typed in national or formatted form → E.164; null when the text is not a valid
 * number for `country` (or, with a leading +, for its own country code).
 */
export function toE164(text: string, country: string): string | null {
  const trimmed = text.trim();
  if (!looksLikePhone(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, isCountryCode(country) ? country : undefined);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * What the contact form sends: the E.164 form when the input is a valid number for the default
 * country, else the input as typed (trimmed), for the contract's own rules to accept or explain.
 */
export function phoneForSave(text: string, country: string): string {
  return toE164(text, country) ?? text.trim();
}

/**
 * What the contacts search looks for: a whole number in any form → its E.164; part of a number
 * ("555-0210") → its digits, as stored numbers hold them; anything else (names, e-mails) as is.
 */
export function contactSearchTerm(text: string, country: string): string {
  const trimmed = text.trim();
  if (!looksLikePhone(trimmed)) return trimmed;
  const full = toE164(trimmed, country);
  if (full) return full;
  const digits = trimmed.replace(/\D/g, "");
  return trimmed.startsWith("+") ? `+${digits}` : digits;
}
