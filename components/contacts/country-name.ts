import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import { isCountryCode } from "@/lib/organizations/country-code";

// English names on server and browser alike: the same text both sides, no hydration mismatch
const names = new Intl.DisplayNames(["en"], { type: "region" });

/** "United States (+1)" for "US"; the code itself when it is not a country. */
export function countryName(code: string): string {
  if (!isCountryCode(code)) return code;
  return `${names.of(code) ?? code} (+${getCountryCallingCode(code)})`;
}

/** Every country libphonenumber knows, by English name, for the default-country select. */
export function countryOptions(): { code: string; name: string }[] {
  return getCountries()
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}
