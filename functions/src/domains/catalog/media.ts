/**
 * Media of listings: the type is read from the file's first bytes, never trusted from the client's
 * Content-Type; sizes are bounded by configuration.
 */
import type { Request, RequestHandler } from 'express';
import { fileStorage, type StoredFile } from '../../adapters/storage/storage';
import { config } from '../../core/config';
import { ApiError } from '../../core/errors';
import { recordUpload, type UploadHolder } from './uploads/ledger';
import { newFileName } from '../../core/ids';

export type MediaKind = 'image' | 'video';

interface Signature {
  contentType: string;
  extension: string;
  kind: MediaKind;
  matches(bytes: Buffer): boolean;
}

const ascii = (bytes: Buffer, start: number, text: string) => bytes.subarray(start, start + text.length).toString('latin1') === text;

const SIGNATURES: Signature[] = [
  { contentType: 'image/jpeg', extension: 'jpg', kind: 'image', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { contentType: 'image/png', extension: 'png', kind: 'image', matches: (b) => ascii(b, 0, '\x89PNG\r\n\x1a\n') },
  { contentType: 'image/webp', extension: 'webp', kind: 'image', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  { contentType: 'video/quicktime', extension: 'mov', kind: 'video', matches: (b) => ascii(b, 4, 'ftypqt') },
  { contentType: 'video/mp4', extension: 'mp4', kind: 'video', matches: (b) => ascii(b, 4, 'ftyp') },
  { contentType: 'video/webm', extension: 'webm', kind: 'video', matches: (b) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3 },
];

export const ACCEPTED_TYPES: Record<MediaKind, string[]> = {
  image: SIGNATURES.filter((s) => s.kind === 'image').map((s) => s.contentType),
  video: SIGNATURES.filter((s) => s.kind === 'video').map((s) => s.contentType),
};

export function maxBytesOf(kind: MediaKind): number {
  return kind === 'image' ? config().UPLOAD_IMAGE_MAX_BYTES : config().UPLOAD_VIDEO_MAX_BYTES;
}

/**
 * Reads the request body as bytes, refusing at once what announces itself too large and stopping
 * the read as soon as the limit is passed. Cloud Functions has read the body already (`rawBody`).
 */
export function readUpload(kind: MediaKind): RequestHandler {
  return readBytes(() => maxBytesOf(kind));
}

/** The same for any file up to `maxBytes()` (verification reports: VERIFICATION_REPORT_MAX_BYTES). */
export function readBytes(maxBytes: () => number): RequestHandler {
  return (req, _res, next) => {
    const max = maxBytes();
    const platformBody = (req as { rawBody?: Buffer }).rawBody;
    if (Number(req.get('content-length') ?? 0) > max) return next(new ApiError('FILE_TOO_LARGE'));
    if (platformBody) {
      (req as { upload?: Buffer }).upload = platformBody;
      return next(platformBody.length > max ? new ApiError('FILE_TOO_LARGE') : undefined);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max && !failed) {
        failed = true;
        req.unpipe();
        next(new ApiError('FILE_TOO_LARGE'));
      } else if (!failed) {
        chunks.push(chunk);
      }
    });
    req.on('end', () => {
      if (failed) return;
      (req as { upload?: Buffer }).upload = Buffer.concat(chunks);
      next();
    });
    req.on('error', (error) => {
      if (!failed) next(error);
    });
    return undefined;
  };
}

/** The bytes `readUpload` kept, typed by their first bytes: UNSUPPORTED_MEDIA_TYPE unless of `kind`. */
export function typedUpload(req: Request, kind: MediaKind): { data: Buffer; contentType: string; extension: string } {
  return typedBytes((req as { upload?: Buffer }).upload ?? Buffer.alloc(0), kind);
}

/** `data` with its type read from its first bytes, or 415 UNSUPPORTED_MEDIA_TYPE when it is not a `kind`. */
function typedBytes(data: Buffer, kind: MediaKind): { data: Buffer; contentType: string; extension: string } {
  const signature = SIGNATURES.find((candidate) => candidate.matches(data));
  if (data.length === 0 || !signature || signature.kind !== kind) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
  return { data, contentType: signature.contentType, extension: signature.extension };
}

/** Stores a medium of `owner` (null: a public video upload), counted and recorded first (uploads/ledger.ts). */
export async function storeUpload(req: Request, kind: MediaKind, owner: string | null): Promise<StoredFile> {
  return saveMedium(owner, kind, typedUpload(req, kind).data);
}

/** Stores `data` as a medium of `owner`, typed by its bytes as an upload is (the demo seed's photo comes this way). */
export async function saveMedium(owner: string | null, kind: MediaKind, data: Buffer): Promise<StoredFile> {
  const { contentType, extension } = typedBytes(data, kind);
  const path = `${kind}s/${newFileName()}.${extension}`;
  await recordUpload(owner, path, data.length);
  return (await fileStorage()).save(path, data, contentType);
}

/**
 * Stores typed bytes privately under `area` (`kyc/{uid}/`, `preuves/{deliveryId}/`), counted against
 * `owner`'s day and recorded, kept from the start when `keptBy` says so. Never public: read through
 * the routes of the domain that records its `path`.
 */
export async function savePrivateUpload(owner: string, area: string, { data, contentType, extension }: { data: Buffer; contentType: string; extension: string }, keptBy?: UploadHolder): Promise<{ path: string; name: string; contentType: string; size: number }> {
  const name = `${newFileName()}.${extension}`;
  const path = `${area}${name}`;
  await recordUpload(owner, path, data.length, keptBy);
  await (await fileStorage()).savePrivate(path, data, contentType);
  return { path, name, contentType, size: data.length };
}

/** The request's image, stored privately for another domain (a courier's handover photo): its `path` is what that domain records. */
export async function storePrivateImage(req: Request, owner: string, area: string, keptBy?: UploadHolder): Promise<{ path: string; contentType: string; size: number }> {
  const { path, contentType, size } = await savePrivateUpload(owner, area, typedUpload(req, 'image'), keptBy);
  return { path, contentType, size };
}

/** The folders of public media; nothing else (identity cards) is served by the public route. */
const PUBLIC_FOLDERS = ['images', 'videos'];

/**
 * A public medium, served by the API with the local driver only: Cloud Storage serves its own
 * public files, and in `signed` URL mode the API must not serve them without a signature.
 */
export async function readPublicFile(folder: string, name: string) {
  const storage = await fileStorage();
  const file = PUBLIC_FOLDERS.includes(folder) && !name.includes('/') && storage.name === 'local' ? await storage.read(`${folder}/${name}`) : undefined;
  if (!file) throw new ApiError('FILE_NOT_FOUND');
  return file;
}
