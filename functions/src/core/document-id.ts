/**
 * Ids a client sends that become Firestore document ids. A slash would address another collection
 * (the SDK throws, which would answer 500), and `.`, `..` and `__x__` are reserved by Firestore:
 * such input is refused as a validation error before it reaches a path.
 */
import { z } from 'zod';

export const documentId = (max = 128) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^(?!\.\.?$)(?!__.*__$)[^/]+$/, 'Not a valid id.');
