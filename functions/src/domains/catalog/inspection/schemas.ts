/** Shapes of the verification routes (`/api/verification`). */
import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import { PaginationQuery } from '../../../core/pagination';
import { ADMIN_MOVES, INSPECTION_STATUSES } from './state';

export const Verification = z
  .object({
    id: z.string().meta({ description: 'The request id: the id of the payment that paid for it.' }),
    articleId: z.string(),
    articleTitre: z.string().nullable(),
    acheteur: z.string().meta({ description: 'The buyer who paid for the inspection.' }),
    vendeur: z.string(),
    statut: z.enum(INSPECTION_STATUSES),
    paymentId: z.string(),
    rapport: z
      .object({
        size: z.number().int(),
        contentType: z.string(),
        attachedAt: z.string(),
        deleted: z.boolean().meta({ description: 'The file was deleted by a superAdmin: no link can be had any more.' }),
      })
      .nullable()
      .meta({ description: 'The inspection report (PDF), read through GET /api/verification/{id}/rapport.' }),
    motif: z.string().nullable().meta({ description: 'Why an admin cancelled it.' }),
    startedAt: z.string().nullable(),
    reportedAt: z.string().nullable(),
    decisionDeadline: z.string().nullable().meta({ description: 'Until when the buyer may refuse the report (VERIFICATION_DECISION_DAYS after it was available); past it the request closes as accepted.' }),
    decidedAt: z.string().nullable().meta({ description: 'When the buyer accepted or refused.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Verification' });

export const VerificationIdParams = z.strictObject({ id: documentId('VERIFICATION_NOT_FOUND') });
export const ArticleIdParams = z.strictObject({ articleId: documentId('ARTICLE_NOT_FOUND') });

export const MineQuery = PaginationQuery;

const day = z.iso.date().meta({ description: 'A business day, YYYY-MM-DD (BUSINESS_TIME_ZONE).' });

export const AdminRequestsQuery = PaginationQuery.extend({
  statut: z.enum(INSPECTION_STATUSES).optional(),
  articleId: documentId('ARTICLE_NOT_FOUND').optional().meta({ description: 'The listing (with `statut`, not with `acheteur`).' }),
  acheteur: documentId('USER_NOT_FOUND').optional().meta({ description: 'The buyer (with `statut`, not with `articleId`).' }),
  from: day.optional().meta({ description: 'Requested on or after this day (YYYY-MM-DD).' }),
  to: day.optional().meta({ description: 'Requested on or before this day (YYYY-MM-DD).' }),
});

export const StatusRequest = z
  .strictObject({
    statut: z.enum(Object.keys(ADMIN_MOVES) as [keyof typeof ADMIN_MOVES, ...Array<keyof typeof ADMIN_MOVES>]).meta({
      description: '`en_cours` (inspection taken), `rapport_disponible` (with `rapportId`), `annule` (with `motif`; the fees are marked for refund).',
    }),
    rapportId: z
      .string()
      .regex(/^[0-9a-f-]{36}$/, 'Not a report upload id.')
      .optional()
      .meta({ description: 'The `rapportId` answered by POST /api/verification/admin/requests/{articleId}/rapport.' }),
    motif: z.string().trim().min(1).max(500).optional(),
  })
  .refine((value) => value.statut !== 'rapport_disponible' || value.rapportId !== undefined, { message: 'Give `rapportId` with `rapport_disponible`.', path: ['rapportId'] })
  .refine((value) => value.statut !== 'annule' || value.motif !== undefined, { message: 'Give `motif` with `annule`.', path: ['motif'] });

export const StatusChange = z.object({
  articleId: z.string(),
  statut: z.enum(INSPECTION_STATUSES),
  moved: z.array(Verification).meta({ description: 'Every request of the listing that moved, together.' }),
});

export const ReportUpload = z.object({
  rapportId: z.string().meta({ description: 'Give it to PATCH .../statut with `rapport_disponible`.' }),
  size: z.number().int(),
  contentType: z.literal('application/pdf'),
});

export const ReportLink = z.object({
  url: z.string().meta({ description: 'A signed link that reads the PDF without a token (relative to the base URL with the local driver).' }),
  expiresAt: z.string(),
});

export const VerificationStats = z.object({
  byStatus: z.record(z.enum(INSPECTION_STATUSES), z.number().int()).meta({ description: 'Requests in each status now.' }),
  total: z.number().int().meta({ description: 'Requests ever opened.' }),
  reports: z.number().int().meta({ description: 'Reports attached so far.' }),
  averageSecondsToReport: z.number().nullable().meta({ description: 'From payment to report, over every report attached; null before the first.' }),
});

