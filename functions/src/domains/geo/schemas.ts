import { z } from 'zod';
import { queryNumber } from '../../core/query-number';
import { COUNTRY_CODES } from './countries';

export const GeoPoint = z
  .strictObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  })
  .meta({ id: 'GeoPoint', description: 'A point on Earth in decimal degrees (WGS 84).' });

/** A latitude or longitude in a query string, in decimal degrees (never read from an empty value). */
function queryCoordinate(bound: number, description: string) {
  return queryNumber(z.coerce.number<string>().min(-bound).max(bound), { type: 'number', minimum: -bound, maximum: bound, description });
}

/** Query coordinates of every route that takes a point in its query string (never read from an empty value). */
export const QueryLatitude = (description = 'Latitude in decimal degrees (WGS 84), -90 to 90.') => queryCoordinate(90, description);
export const QueryLongitude = (description = 'Longitude in decimal degrees (WGS 84), -180 to 180.') => queryCoordinate(180, description);

export const CountryCode = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(COUNTRY_CODES))
  .meta({ description: 'ISO 3166-1 alpha-2 code of a supported country.', example: 'BJ' });

export const Country = z.object({
  iso: z.string().meta({ example: 'BJ' }),
  nameFr: z.string(),
  nameEn: z.string(),
  dialCode: z.string().meta({ example: '229' }),
  nationalLengths: z.array(z.number().int()).meta({ example: [8, 9, 10] }),
});

export const TelephoneInput = z
  .string()
  .trim()
  .min(4)
  .max(24)
  .meta({ description: 'E.164 (`+22901XXXXXXXX`) or national digits with `pays`.', example: '+2290197000000' });

export const NormalizeRequest = z.strictObject({
  telephone: TelephoneInput,
  pays: CountryCode.optional(),
});

export const NormalizedTelephone = z.object({
  pays: z.string(),
  dialCode: z.string(),
  nationalNumber: z.string(),
  e164: z.string(),
  syntheticEmails: z.object({
    buyer: z.string().meta({ description: 'Login of the buyer app.' }),
    pro: z.string().meta({ description: 'Login of the professional app.' }),
  }),
});
