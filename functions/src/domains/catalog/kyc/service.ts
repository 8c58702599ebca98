/**
 * Identity cards of forwarders (KYC). They go to the uploader's private area,
 * `kyc/{uid}/{uuid}.{ext}`, and are never made public: the owner reads its own through the API,
 * admins through links signed for KYC_LINK_TTL_SECONDS, and a verification file accepts only the
 * submitter's own stored cards, so no one can point it at a file it did not upload.
 */
import type { Request } from 'express';
import { fileStorage, type StoredFile } from '../../../adapters/storage/storage';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { uploadSize } from '../uploads/ledger';
import { KycPath } from '../uploads/schemas';
import { savePrivateUpload, typedUpload } from '../media';

const areaOf = (uid: string) => `kyc/${uid}/`;

/** The uploaded card of the request, typed by its bytes (images only), into the uploader's area. */
export async function storeCard(uid: string, req: Request): Promise<StoredFile> {
  return saveCard(uid, typedUpload(req, 'image'));
}

export async function saveCard(uid: string, typed: { data: Buffer; contentType: string; extension: string }): Promise<StoredFile> {
  const { path, name, contentType, size } = await savePrivateUpload(uid, areaOf(uid), typed);
  return { path, url: `/api/upload/kyc/${name}`, contentType, size };
}

async function readCard(path: string) {
  const file = await (await fileStorage()).read(path);
  if (!file) throw new ApiError('FILE_NOT_FOUND');
  return file;
}

/** The caller's own card: the name is looked up in the caller's area, whoever else has that name. */
export async function readOwnCard(uid: string, name: string) {
  return readCard(`${areaOf(uid)}${name}`);
}

/** Why a path is not one of the user's stored identity cards, or undefined when it is one. */
export async function cardProblem(uid: string, path: string): Promise<'KYC_FILE_NOT_OWNED' | 'KYC_FILE_NOT_UPLOADED' | undefined> {
  if (!path.startsWith(areaOf(uid)) || !KycPath.safeParse(path).success) return 'KYC_FILE_NOT_OWNED';
  return (await (await fileStorage()).exists(path)) ? undefined : 'KYC_FILE_NOT_UPLOADED';
}

type CardSide = 'cardFront' | 'cardBack';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** What the register of stored documents records of a stored card: its type (by its extension) and size (by the ledger). */
export async function identityCardFile(path: string): Promise<{ contentType: string; size: number }> {
  return { contentType: TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream', size: (await uploadSize(path)) ?? 0 };
}

/**
 * Links to both cards of a file for an admin, valid KYC_LINK_TTL_SECONDS; null without both cards.
 * A card a superAdmin deleted (admin documents) has no link: `deleted` names it instead.
 */
export async function cardLinks(cards: { cardFront?: string; cardBack?: string }, deleted: readonly CardSide[] = []) {
  if (!cards.cardFront || !cards.cardBack) return null;
  const expiresAt = new Date(now().getTime() + config().KYC_LINK_TTL_SECONDS * 1000);
  const storage = await fileStorage();
  const link = (side: CardSide) => (deleted.includes(side) ? null : storage.signedLink(cards[side]!, expiresAt));
  const [cardFront, cardBack] = await Promise.all([link('cardFront'), link('cardBack')]);
  return { cardFront, cardBack, expiresAt: expiresAt.toISOString(), deleted: [...deleted] };
}
