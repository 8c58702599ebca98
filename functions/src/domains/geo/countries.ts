/**
 * Countries the marketplace serves: Benin, its neighbours, the markets of the payment aggregator,
 * and France for the diaspora. Dial codes and number lengths are libphonenumber's metadata, written
 * out here so that listing or validating a country does not load the library (about 50 ms of cold
 * start); test/geo/geo.test.ts checks them against it. Benin's lengths are the spec's (8 to 10 digits:
 * old 8-digit and new 10-digit numbers), not the library's.
 */
export interface Country {
  iso: string;
  nameFr: string;
  nameEn: string;
  dialCode: string;
  /** Allowed lengths of the national number (digits after the dial code). */
  nationalLengths: number[];
}

/** Countries whose lengths the spec decides instead of libphonenumber. */
export const SPEC_LENGTHS: readonly string[] = ['BJ'];

export const COUNTRIES: readonly Country[] = [
  { iso: 'BJ', nameFr: 'Bénin', nameEn: 'Benin', dialCode: '229', nationalLengths: [8, 9, 10] },
  { iso: 'TG', nameFr: 'Togo', nameEn: 'Togo', dialCode: '228', nationalLengths: [8] },
  { iso: 'NG', nameFr: 'Nigeria', nameEn: 'Nigeria', dialCode: '234', nationalLengths: [10, 11, 12, 13, 14] },
  { iso: 'NE', nameFr: 'Niger', nameEn: 'Niger', dialCode: '227', nationalLengths: [8] },
  { iso: 'BF', nameFr: 'Burkina Faso', nameEn: 'Burkina Faso', dialCode: '226', nationalLengths: [8] },
  { iso: 'CI', nameFr: 'Côte d’Ivoire', nameEn: 'Côte d’Ivoire', dialCode: '225', nationalLengths: [10] },
  { iso: 'SN', nameFr: 'Sénégal', nameEn: 'Senegal', dialCode: '221', nationalLengths: [9] },
  { iso: 'GH', nameFr: 'Ghana', nameEn: 'Ghana', dialCode: '233', nationalLengths: [8, 9] },
  { iso: 'ML', nameFr: 'Mali', nameEn: 'Mali', dialCode: '223', nationalLengths: [8] },
  { iso: 'GN', nameFr: 'Guinée', nameEn: 'Guinea', dialCode: '224', nationalLengths: [8, 9] },
  { iso: 'CM', nameFr: 'Cameroun', nameEn: 'Cameroon', dialCode: '237', nationalLengths: [8, 9] },
  { iso: 'GA', nameFr: 'Gabon', nameEn: 'Gabon', dialCode: '241', nationalLengths: [7, 8] },
  { iso: 'TD', nameFr: 'Tchad', nameEn: 'Chad', dialCode: '235', nationalLengths: [8] },
  { iso: 'FR', nameFr: 'France', nameEn: 'France', dialCode: '33', nationalLengths: [9] },
];

export const COUNTRY_CODES = COUNTRIES.map((country) => country.iso) as [string, ...string[]];

export function countryByIso(iso: string): Country | undefined {
  return COUNTRIES.find((country) => country.iso === iso.toUpperCase());
}

export function countryByDialCode(dialCode: string): Country[] {
  return COUNTRIES.filter((country) => country.dialCode === dialCode);
}
