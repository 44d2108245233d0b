import { type CountryCode, getCountries } from "libphonenumber-js";

/** The countries libphonenumber knows: what an organization's default country may be. */
const COUNTRIES = new Set<string>(getCountries());

export function isCountryCode(value: string): value is CountryCode {
  return COUNTRIES.has(value);
}
