/**
 * The inspection report: a PDF an admin uploads for a listing (checked by its first bytes,
 * `%PDF-`, never by the announced type), kept privately in `rapports-recus/{articleId}/{uuid}.pdf`
 * until the PATCH that attaches it copies it to each request's own file `rapports/{requestId}/{rapportId}.pdf`
 * (per upload: two admins attaching at once cannot overwrite the copy the winner attached).
 * Read by the buyer, the seller and admins through a link signed for
 * VERIFICATION_REPORT_LINK_TTL_SECONDS (with Cloud Storage the bucket's own links; the local
 * driver's are served by `/api/upload/signed/...` for files of the register, which holds each report).
 */
import type { Request } from 'express';
import { fileStorage } from '../../../adapters/storage/storage';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { getArticle } from '../listing-view';
import { recordUpload } from '../uploads/ledger';
import { newFileName } from '../../../core/ids';

export const REPORT_TYPE = 'application/pdf' as const;
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

const stagedPath = (articleId: string, rapportId: string) => `rapports-recus/${articleId}/${rapportId}.pdf`;
/** One file per request and upload: a losing admin's copy, written before its transaction failed, never overwrites the attached one. */
export const reportPath = (requestId: string, rapportId: string) => `rapports/${requestId}/${rapportId}.pdf`;

/** `POST .../rapport`: the uploaded PDF of a listing's inspection, kept until a PATCH attaches it. */
export async function uploadReport(articleId: string, req: Request) {
  if (!(await getArticle(articleId))) throw new ApiError('ARTICLE_NOT_FOUND');
  const data = (req as { upload?: Buffer }).upload ?? Buffer.alloc(0);
  if (data.length <= PDF_MAGIC.length || !data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  return stageReport(articleId, data);
}

/** Keeps a listing's report (its bytes checked by the caller) until a PATCH attaches it. */
export async function stageReport(articleId: string, data: Buffer) {
  const rapportId = newFileName();
  const path = stagedPath(articleId, rapportId);
  // In the ledger, so the clean-up deletes an upload never attached. No quota: admin levels alone upload reports.
  await recordUpload(null, path, data.length);
  await (await fileStorage()).savePrivate(path, data, REPORT_TYPE);
  return { rapportId, size: data.length, contentType: REPORT_TYPE };
}

/** The uploaded report the PATCH names, or VERIFICATION_REPORT_NOT_UPLOADED (another listing's upload is not found here). */
export async function readStaged(articleId: string, rapportId: string): Promise<Buffer> {
  const file = await (await fileStorage()).read(stagedPath(articleId, rapportId));
  if (!file) throw new ApiError('VERIFICATION_REPORT_NOT_UPLOADED');
  return file.data;
}

/** A request's own copy of the report (writing it again, on a retried PATCH, writes the same file). */
export async function copyReport(requestId: string, rapportId: string, data: Buffer): Promise<{ path: string; size: number }> {
  const path = reportPath(requestId, rapportId);
  // In the ledger: a copy whose request was moved by another admin meanwhile is never registered, and the clean-up deletes it.
  await recordUpload(null, path, data.length);
  await (await fileStorage()).savePrivate(path, data, REPORT_TYPE);
  return { path, size: data.length };
}

export async function deleteStaged(articleId: string, rapportId: string): Promise<void> {
  await (await fileStorage()).delete(stagedPath(articleId, rapportId));
}

/** A short-lived link to a stored report. */
export async function reportLink(path: string) {
  const expiresAt = new Date(now().getTime() + config().VERIFICATION_REPORT_LINK_TTL_SECONDS * 1000);
  return { url: await (await fileStorage()).signedLink(path, expiresAt), expiresAt: expiresAt.toISOString() };
}

