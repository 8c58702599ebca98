/**
 * Countries the marketplace serves: Benin, its neighbours, the markets of the payment aggregator,
 * and France for the diaspora. Dial codes and number lengths come from libphonenumber's metadata,
 * except where the spec decides (Benin: 8 to 10 digits, old 8-digit and new 10-digit numbers).
 */
import { type CountryCode, getCountryCallingCode, Metadata } from 'libphonenumber-js';

interface CountryEntry {
  iso: CountryCode;
  nameFr: string;
  nameEn: string;
  /** Overrides the library's lengths where the spec states them. */
  lengths?: number[];
}

const ENTRIES: CountryEntry[] = [
  { iso: 'BJ', nameFr: 'Bénin', nameEn: 'Benin', lengths: [8, 9, 10] },
  { iso: 'TG', nameFr: 'Togo', nameEn: 'Togo' },
  { iso: 'NG', nameFr: 'Nigeria', nameEn: 'Nigeria' },
  { iso: 'NE', nameFr: 'Niger', nameEn: 'Niger' },
  { iso: 'BF', nameFr: 'Burkina Faso', nameEn: 'Burkina Faso' },
  { iso: 'CI', nameFr: 'Côte d’Ivoire', nameEn: 'Côte d’Ivoire' },
  { iso: 'SN', nameFr: 'Sénégal', nameEn: 'Senegal' },
  { iso: 'GH', nameFr: 'Ghana', nameEn: 'Ghana' },
  { iso: 'ML', nameFr: 'Mali', nameEn: 'Mali' },
  { iso: 'GN', nameFr: 'Guinée', nameEn: 'Guinea' },
  { iso: 'CM', nameFr: 'Cameroun', nameEn: 'Cameroon' },
  { iso: 'GA', nameFr: 'Gabon', nameEn: 'Gabon' },
  { iso: 'TD', nameFr: 'Tchad', nameEn: 'Chad' },
  { iso: 'FR', nameFr: 'France', nameEn: 'France' },
];

export interface Country {
  iso: string;
  nameFr: string;
  nameEn: string;
  dialCode: string;
  /** Allowed lengths of the national number (digits after the dial code). */
  nationalLengths: number[];
}

function libraryLengths(iso: CountryCode): number[] {
  const metadata = new Metadata();
  metadata.selectNumberingPlan(iso);
  return metadata.numberingPlan?.possibleLengths() ?? [];
}

export const COUNTRIES: readonly Country[] = ENTRIES.map((entry) => ({
  iso: entry.iso,
  nameFr: entry.nameFr,
  nameEn: entry.nameEn,
  dialCode: getCountryCallingCode(entry.iso),
  nationalLengths: entry.lengths ?? libraryLengths(entry.iso),
}));

export const COUNTRY_CODES = COUNTRIES.map((country) => country.iso) as [string, ...string[]];

export function countryByIso(iso: string): Country | undefined {
  return COUNTRIES.find((country) => country.iso === iso.toUpperCase());
}

export function countryByDialCode(dialCode: string): Country[] {
  return COUNTRIES.filter((country) => country.dialCode === dialCode);
}
