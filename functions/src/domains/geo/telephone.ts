/**
 * Telephone numbers: from what a person types to the one form the service stores (E.164) and the
 * synthetic login emails of the identity provider.
 *
 * Input is E.164 (`+22901XXXXXXXX`, `0022901...`) or national digits with the country. The national
 * number is the digits after the dial code as dialled: Benin's 10-digit numbers keep their leading 01.
 */
import type { CountryCode } from 'libphonenumber-js';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import type { App } from '../../core/roles';
import { type Country, countryByIso, COUNTRIES } from './countries';

export interface NormalizedTelephone {
  pays: string;
  dialCode: string;
  nationalNumber: string;
  e164: string;
}

const SEPARATORS = /[\s().-]/g;

/* eslint-disable @typescript-eslint/no-require-imports -- lazy: the library and its metadata cost ~50 ms to load */
type PhoneLibrary = typeof import('libphonenumber-js');
let phoneLibrary: PhoneLibrary | undefined;
/** libphonenumber, loaded by the first number that needs it (an international one, or a number outside Benin). */
const parsePhoneNumberFromString: PhoneLibrary['parsePhoneNumberFromString'] = (...args) =>
  (phoneLibrary ??= require('libphonenumber-js') as PhoneLibrary).parsePhoneNumberFromString(...args);
/* eslint-enable @typescript-eslint/no-require-imports */

export function normalizeTelephone(input: string, pays?: string): NormalizedTelephone {
  const compact = input.replace(SEPARATORS, '').replace(/^00/, '+');
  if (!/^\+?\d+$/.test(compact)) throw invalid();
  const country = pays ? countryByIso(pays) : undefined;
  if (pays && !country) throw new ApiError('UNSUPPORTED_COUNTRY');

  if (compact.startsWith('+')) {
    const target = country ?? countryOfInternational(compact);
    if (!compact.startsWith(`+${target.dialCode}`)) throw invalid();
    return checkNational(target, compact.slice(target.dialCode.length + 1));
  }
  if (!country) {
    throw new ApiError('VALIDATION_ERROR', [{ field: 'body.pays', reason: 'required', hint: 'National numbers need their country.' }]);
  }
  return checkNational(country, compact);
}

/**
 * The E.164 form of a number, or undefined when it is not one: what a limit counts per telephone
 * (however the client wrote it); the service then refuses the number with its own code.
 */
export function e164Of(input: string, pays?: string): string | undefined {
  try {
    return normalizeTelephone(input, pays).e164;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/** The login email of a telephone on an app: `<dial><national>@domain`, with `pro_` on the pro app. */
export function syntheticEmail(telephone: NormalizedTelephone, app: App): string {
  const local = `${telephone.dialCode}${telephone.nationalNumber}`;
  return `${app === 'pro' ? 'pro_' : ''}${local}@${config().AUTH_SYNTHETIC_EMAIL_DOMAIN}`.toLowerCase();
}

/** True when the email has the shape of a synthetic login (of any telephone). */
export function isSyntheticEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${config().AUTH_SYNTHETIC_EMAIL_DOMAIN}`.toLowerCase());
}

function countryOfInternational(compact: string): Country {
  const parsed = parsePhoneNumberFromString(compact);
  const byLibrary = parsed?.country ? countryByIso(parsed.country) : undefined;
  if (byLibrary) return byLibrary;
  // Numbers the library does not know yet (Benin's new 10-digit plan): match on the dial code.
  const byDialCode = COUNTRIES.find((country) => compact.startsWith(`+${country.dialCode}`));
  if (!byDialCode) throw new ApiError('UNSUPPORTED_COUNTRY');
  return byDialCode;
}

function checkNational(country: Country, digits: string): NormalizedTelephone {
  let national = digits;
  if (country.iso !== 'BJ') {
    // Benin's lengths are the spec's rule; elsewhere the numbering plan decides (and drops trunk zeros).
    const parsed = parsePhoneNumberFromString(digits, country.iso as CountryCode);
    if (!parsed?.isValid() || parsed.countryCallingCode !== country.dialCode) throw invalid();
    national = parsed.nationalNumber;
  }
  if (!country.nationalLengths.includes(national.length)) throw invalid();
  return { pays: country.iso, dialCode: country.dialCode, nationalNumber: national, e164: `+${country.dialCode}${national}` };
}

function invalid(): ApiError {
  return new ApiError('INVALID_TELEPHONE');
}
