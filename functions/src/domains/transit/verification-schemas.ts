import { z } from 'zod';
import { documentId } from '../../core/document-id';
import { PaginationQuery } from '../../core/pagination';
import { CountryCode } from '../geo/schemas';

export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;

const storedImage = z
  .string()
  .regex(/^images\/[0-9a-f-]{36}\.(jpg|png|webp)$/)
  .meta({ description: 'Path of an image uploaded with POST /api/upload/image.' });

export const VerificationSubmit = z.strictObject({
  cardFront: storedImage,
  cardBack: storedImage,
  companyName: z.string().trim().min(2).max(120),
  registrationRef: z.string().trim().min(2).max(60).meta({ description: 'Company registration (RCCM, IFU...).' }),
  pays: CountryCode,
  adresse: z.string().trim().min(3).max(300),
  paysDesservis: z
    .array(CountryCode)
    .min(1)
    .max(30)
    .optional()
    .meta({ description: 'Countries the company ships to (ISO codes); the company’s country when not given. Buyers filter the forwarder list by them.' }),
});

export const VerificationState = z.object({
  userId: z.string(),
  statut: z.enum(VERIFICATION_STATUSES),
  rejectionMotif: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  dossier: VerificationSubmit.nullable(),
});

export const UserIdParams = z.strictObject({ userId: documentId('USER_NOT_FOUND') });
export const DemandesQuery = PaginationQuery.extend({ statut: z.enum(['pending', 'approved', 'rejected']).default('pending') });
export const RejectVerification = z.strictObject({ rejectionMotif: z.string().trim().min(3).max(500) });
