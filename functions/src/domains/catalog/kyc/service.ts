/**
 * Identity cards of forwarders (KYC). They go to the uploader's private area,
 * `kyc/{uid}/{uuid}.{ext}`, and are never made public: the owner reads its own through the API,
 * admins through links signed for KYC_LINK_TTL_SECONDS, and a verification file accepts only the
 * submitter's own stored cards, so no one can point it at a file it did not upload.
 */
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { fileStorage, type StoredFile } from '../../../adapters/storage/storage';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { recordUpload } from '../uploads/ledger';
import { KycPath } from '../uploads/schemas';
import { typedUpload } from '../media';

const areaOf = (uid: string) => `kyc/${uid}/`;

/** The uploaded card of the request, typed by its bytes (images only), into the uploader's area. */
export async function storeCard(uid: string, req: Request): Promise<StoredFile> {
  return saveCard(uid, typedUpload(req, 'image'));
}

export async function saveCard(uid: string, { data, contentType, extension }: { data: Buffer; contentType: string; extension: string }): Promise<StoredFile> {
  const name = `${randomUUID()}.${extension}`;
  const path = `${areaOf(uid)}${name}`;
  await recordUpload(uid, path, data.length);
  await (await fileStorage()).savePrivate(path, data, contentType);
  return { path, url: `/api/upload/kyc/${name}`, contentType, size: data.length };
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

/** A card read through a signed link: the signature covers the path and the expiry. */
export async function readSignedCard(uid: string, name: string, expires: string, signature: string) {
  const path = `${areaOf(uid)}${name}`;
  // Cloud Storage checks its own links; the local driver checks its own, and no other link is ours.
  const verdict = (await fileStorage()).checkLink?.(path, expires, signature) ?? 'invalid';
  if (verdict === 'expired') throw new ApiError('SIGNED_LINK_EXPIRED');
  if (verdict !== 'valid') throw new ApiError('SIGNED_LINK_INVALID');
  return readCard(path);
}

/** Why a path is not one of the user's stored identity cards, or undefined when it is one. */
export async function cardProblem(uid: string, path: string): Promise<'KYC_FILE_NOT_OWNED' | 'KYC_FILE_NOT_UPLOADED' | undefined> {
  if (!path.startsWith(areaOf(uid)) || !KycPath.safeParse(path).success) return 'KYC_FILE_NOT_OWNED';
  return (await (await fileStorage()).exists(path)) ? undefined : 'KYC_FILE_NOT_UPLOADED';
}

/** Links to both cards of a file for an admin, valid KYC_LINK_TTL_SECONDS; null without both cards. */
export async function cardLinks(cards: { cardFront?: string; cardBack?: string }) {
  if (!cards.cardFront || !cards.cardBack) return null;
  const expiresAt = new Date(now().getTime() + config().KYC_LINK_TTL_SECONDS * 1000);
  const storage = await fileStorage();
  const [cardFront, cardBack] = await Promise.all([storage.signedLink(cards.cardFront, expiresAt), storage.signedLink(cards.cardBack, expiresAt)]);
  return { cardFront, cardBack, expiresAt: expiresAt.toISOString() };
}
