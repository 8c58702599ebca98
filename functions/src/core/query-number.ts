/**
 * A number in a query string. `z.coerce.number()` alone reads an empty or blank value as 0
 * (`Number('')`): `?latitude=` searched the Gulf of Guinea and `?prixMax=` listed only free
 * listings, where the caller meant no value. The text must hold a number; the OpenAPI document
 * shows it as the number it is.
 */
import { z } from 'zod';

/** What the OpenAPI document shows (a type, not an interface: zod's meta takes an open record). */
type Documented = {
  type: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
  description?: string;
};

export function queryNumber(number: z.ZodType<number, string>, openapi: Documented) {
  return z.string().trim().min(1).pipe(number).meta(openapi);
}
