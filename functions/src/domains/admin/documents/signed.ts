/**
 * Signed links of the local storage driver, for every private file of the register (identity
 * cards, verification reports, invoices). Cloud Storage serves and checks its own links; the local
 * driver signs `/api/upload/signed/{path}` and this checks, in order: the path's shape (no `.` nor
 * `..` segment: it cannot leave the storage root), the signature over path and expiry (a forged or
 * altered link is refused whatever it names), the expiry, then that the path is a registered
 * document still kept (never public media, never a file the register does not hold).
 */
import { fileStorage } from '../../../adapters/storage/storage';
import { ApiError } from '../../../core/errors';
import { documentAtPath } from '../../../core/stored-documents';

export async function readSignedFile(segments: string[], expires: string, signature: string) {
  const path = segments.join('/');
  // Cloud Storage checks its own links; the local driver checks its own, and no other link is ours.
  const verdict = (await fileStorage()).checkLink?.(path, expires, signature) ?? 'invalid';
  if (verdict === 'expired') throw new ApiError('SIGNED_LINK_EXPIRED');
  if (verdict !== 'valid') throw new ApiError('SIGNED_LINK_INVALID');
  const entry = await documentAtPath(path);
  if (!entry) throw new ApiError('FILE_NOT_FOUND');
  if (entry.deletedAt) throw new ApiError('DOCUMENT_DELETED');
  const file = await (await fileStorage()).read(path);
  if (!file) throw new ApiError('FILE_NOT_FOUND');
  return file;
}
