import { parsePhoneNumberFromString } from "libphonenumber-js/max";

export type PhoneResult = { ok: true; e164: string } | { ok: false; hint: string };

/**
 * The contract's phone table: `+` and country code, or the country code without `+`
 * (then `+` is added); a local form starting with 0, spaces or hyphens are refused.
 * What remains must be a possible number for its country (libphonenumber).
 */
export function normalizePhone(input: string): PhoneResult {
  if (/[\s-]/.test(input)) {
    return { ok: false, hint: "write the number in E.164 without spaces or hyphens, e.g. +14155550123" };
  }
  if (!/^\+?\d+$/.test(input)) {
    return { ok: false, hint: "use digits only, optionally after a leading +, e.g. +14155550123" };
  }
  if (input.startsWith("0")) {
    return {
      ok: false,
      hint: "a local number starting with 0 has no country code; write it in E.164, e.g. +4915123456789",
    };
  }
  const digits = input.startsWith("+") ? input.slice(1) : input;
  if (digits.length < 8 || digits.length > 15) {
    return { ok: false, hint: "an E.164 number has 8 to 15 digits including the country code" };
  }
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  if (!parsed?.isPossible()) {
    return {
      ok: false,
      hint: "not a possible number for its country code; check the country code and length",
    };
  }
  return { ok: true, e164: parsed.number };
}
