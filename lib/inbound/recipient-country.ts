import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * The recipient's country for the rate card, as Meta prices it: the calling code of the number,
 * else the two letters a business-scoped user id starts with (`US.1349…`). Null when neither
 * tells (a shared calling code such as +1 resolves to its main country, as Meta's rate card does).
 */
export function recipientCountry(phone: string | null, recipient: string | null | undefined): string | null {
  if (phone) {
    const parsed = parsePhoneNumberFromString(phone.startsWith("+") ? phone : `+${phone}`);
    if (parsed?.country) return parsed.country;
    if (parsed) return parsed.getPossibleCountries()[0] ?? null;
  }
  const prefix = recipient ? /^([A-Z]{2})\./.exec(recipient) : null;
  return prefix?.[1] ?? null;
}
