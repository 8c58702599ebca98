/** /api/geo: the countries served and telephone normalization. */
import { type CountryCode, getCountryCallingCode, Metadata } from 'libphonenumber-js';
import { COUNTRIES, SPEC_LENGTHS } from '../../functions/src/domains/geo/countries';
import { api } from '../helpers/api';

it('lists the supported countries with dial codes and national lengths', async () => {
  const res = await (await api()).get('/api/geo/countries');
  expect(res.status).toBe(200);
  const benin = res.body.data.find((country: { iso: string }) => country.iso === 'BJ');
  expect(benin).toEqual({ iso: 'BJ', nameFr: 'Bénin', nameEn: 'Benin', dialCode: '229', nationalLengths: [8, 9, 10] });
  const togo = res.body.data.find((country: { iso: string }) => country.iso === 'TG');
  expect(togo).toMatchObject({ dialCode: '228', nationalLengths: [8] });
});

it.each([
  [{ telephone: '+229 01 97 00 00 00' }, 'BJ', '0197000000'],
  [{ telephone: '0197000000', pays: 'BJ' }, 'BJ', '0197000000'],
  [{ telephone: '97000000', pays: 'bj' }, 'BJ', '97000000'],
  [{ telephone: '00229 97 00 00 00' }, 'BJ', '97000000'],
  [{ telephone: '90 11 22 33', pays: 'TG' }, 'TG', '90112233'],
  [{ telephone: '06 12 34 56 78', pays: 'FR' }, 'FR', '612345678'],
])('normalizes %j', async (payload, pays, national) => {
  const res = await (await api()).post('/api/geo/normalize').send(payload);
  expect(res.status).toBe(200);
  const dialCode = { BJ: '229', TG: '228', FR: '33' }[pays as 'BJ' | 'TG' | 'FR'];
  expect(res.body.data).toEqual({
    pays,
    dialCode,
    nationalNumber: national,
    e164: `+${dialCode}${national}`,
    syntheticEmails: {
      buyer: `${dialCode}${national}@users.marketplace.invalid`,
      pro: `pro_${dialCode}${national}@users.marketplace.invalid`,
    },
  });
});

it.each([
  [{ telephone: '0197' + '0'.repeat(7), pays: 'BJ' }, 'INVALID_TELEPHONE'],
  [{ telephone: '1234567', pays: 'BJ' }, 'INVALID_TELEPHONE'],
  [{ telephone: '+22890112233', pays: 'BJ' }, 'INVALID_TELEPHONE'],
  [{ telephone: '12 34', pays: 'TG' }, 'INVALID_TELEPHONE'],
  [{ telephone: '+1 202 555 0143' }, 'UNSUPPORTED_COUNTRY'],
  [{ telephone: '0197000000' }, 'VALIDATION_ERROR'],
  [{ telephone: '0197000000', pays: 'US' }, 'VALIDATION_ERROR'],
  [{ pays: 'BJ' }, 'VALIDATION_ERROR'],
])('refuses %j with %s', async (payload, code) => {
  const res = await (await api()).post('/api/geo/normalize').send(payload);
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(code);
});

it('keeps the country table in step with libphonenumber’s metadata, except the lengths the spec decides', () => {
  // The table is written out so that a cold start does not load the library (countries.ts).
  const library = COUNTRIES.map(({ iso, nationalLengths }) => {
    const metadata = new Metadata();
    metadata.selectNumberingPlan(iso as CountryCode);
    const lengths = SPEC_LENGTHS.includes(iso) ? nationalLengths : (metadata.numberingPlan?.possibleLengths() ?? []);
    return { iso, dialCode: getCountryCallingCode(iso as CountryCode), nationalLengths: lengths };
  });
  expect(COUNTRIES.map(({ iso, dialCode, nationalLengths }) => ({ iso, dialCode, nationalLengths }))).toEqual(library);
  expect(COUNTRIES.find((country) => country.iso === 'BJ')?.nationalLengths).toEqual([8, 9, 10]);
});
