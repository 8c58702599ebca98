import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { KycPath } from '../../catalog';
import { CountryCode } from '../../geo';
import { FILE_STATUSES } from './state';

export const ForwarderFileSubmit = z.strictObject({
  cardFront: KycPath,
  cardBack: KycPath,
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

/** The stored file as answered: card paths as stored (files from before the checks may hold others). */
const Dossier = ForwarderFileSubmit.extend({ cardFront: z.string().optional(), cardBack: z.string().optional() });

export const ForwarderFileState = z.object({
  userId: z.string(),
  statut: z.enum(FILE_STATUSES),
  rejectionMotif: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  dossier: Dossier.nullable(),
});

/** What admins see: the file, and links to its identity cards that work without a token for a short while. */
export const AdminForwarderFileState = ForwarderFileState.extend({
  cardLinks: z
    .object({
      cardFront: z.string().nullable().meta({ description: 'Null when the card was deleted (see `deleted`).' }),
      cardBack: z.string().nullable().meta({ description: 'Null when the card was deleted (see `deleted`).' }),
      expiresAt: z.string(),
      deleted: z.array(z.enum(['cardFront', 'cardBack'])).meta({ description: 'Cards a superAdmin deleted (DELETE through /api/admin/documents): no file, no link.' }),
    })
    .nullable()
    .meta({ description: 'Signed links to the identity cards, valid until `expiresAt` (KYC_LINK_TTL_SECONDS); null when the file lacks a card.' }),
});

export const UserIdParams = z.strictObject({ userId: documentId('USER_NOT_FOUND') });
export const DemandesQuery = PaginationQuery.extend({ statut: z.enum(['pending', 'approved', 'rejected']).default('pending') });
export const RejectForwarderFile = z.strictObject({ rejectionMotif: z.string().trim().min(3).max(500) });
