/**
 * One schema for every id that addresses a Firestore document, in a path or in a body. Firestore
 * refuses ids with a `/` (Express decodes `a%2Fb` into one), `.` and `..`, ids of the form
 * `__x__`, and ids over 1,500 bytes (ours stop at 1,024, see MAX_BYTES); `a/b/c` would even address a document of a subcollection.
 * Such an id can name nothing of ours: in a path it answers the route's own not-found code (404),
 * in a body the usual 400 VALIDATION_ERROR, and never reaches Firestore.
 */
import { z, type ZodType } from 'zod';
import type { ErrorCode } from './error-codes';

/**
 * Firestore's limit is 1,500 bytes; ours leaves room for the ids we compose from a client's id
 * (a journey `{articleId}_{buyerUid}`, a view `{articleId}_{viewer}_{day}`).
 */
const MAX_BYTES = 1024;

/** Whether Firestore accepts `value` as a document id. */
export function isDocumentId(value: string): boolean {
  return (
    value.length > 0 &&
    Buffer.byteLength(value, 'utf8') <= MAX_BYTES &&
    !value.includes('/') &&
    value !== '.' &&
    value !== '..' &&
    !/^__.*__$/s.test(value)
  );
}

/** The not-found code of each path parameter schema made by `documentId`. */
const notFoundCodes = new WeakMap<ZodType, ErrorCode>();

/**
 * A document id. `notFound` is what a path parameter answers when the id cannot exist (the code
 * the route answers for an id that does not exist); in a body the id is simply invalid.
 */
export function documentId(notFound: ErrorCode, description?: string): z.ZodString {
  const schema = z
    .string()
    .min(1)
    .max(MAX_BYTES)
    .refine(isDocumentId, { message: 'Not a document id: no "/", not "." or "..", not "__x__", at most 1,024 bytes.' })
    .meta(description ? { description } : {}) as unknown as z.ZodString;
  notFoundCodes.set(schema, notFound);
  return schema;
}

/** The not-found code of a path parameter whose id cannot exist, if that parameter is a document id. */
export function notFoundCodeOf(params: ZodType, name: string): ErrorCode | undefined {
  const shape = (params as { shape?: Record<string, ZodType> }).shape;
  const field = shape?.[name];
  return field ? notFoundCodes.get(field) : undefined;
}
