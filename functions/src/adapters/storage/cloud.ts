/**
 * Cloud Storage (the project's default bucket) through the Admin SDK. Public media are made public
 * or signed by configuration; private files (identity cards) are never made public: the bucket must
 * not grant public reading on its own. They are read by download, or through a V4 signed URL.
 */
import { getStorage } from 'firebase-admin/storage';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { adminApp } from '../../core/firebase';
import { isMediaPath } from './paths';
import type { FileContent, FileStorage, StoredFile } from './types';

/** Where Cloud Storage serves objects by path (public, or with a signature in the query). */
const PUBLIC_ORIGIN = 'https://storage.googleapis.com';

/**
 * The path of `https://storage.googleapis.com/{bucket}/{path}`, public or signed (its query is the
 * signature), on `bucket` only; null for any other URL.
 */
export function cloudMediaPathOf(url: string, bucket: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.origin !== PUBLIC_ORIGIN || parsed.username || parsed.password || url.includes('#')) return null;
  const prefix = `/${bucket}/`;
  const path = parsed.pathname.startsWith(prefix) ? parsed.pathname.slice(prefix.length) : '';
  const exact = `${PUBLIC_ORIGIN}${prefix}${path}`;
  return isMediaPath(path) && (url === exact || url.startsWith(`${exact}?`)) ? path : null;
}

const fileAt = (path: string) => getStorage(adminApp()).bucket().file(path);

export class CloudStorage implements FileStorage {
  readonly name = 'cloud' as const;

  async save(path: string, data: Buffer, contentType: string): Promise<StoredFile> {
    const file = fileAt(path);
    await file.save(data, { contentType, resumable: false, metadata: { cacheControl: 'public, max-age=31536000, immutable' } });
    if (config().STORAGE_URL_MODE === 'public') await file.makePublic();
    return { path, url: await this.mediaUrl(path), contentType, size: data.length };
  }

  /** The public URL, or a signed one valid STORAGE_SIGNED_URL_TTL_MS from now (a fresh one at each call). */
  async mediaUrl(path: string): Promise<string> {
    const settings = config();
    const file = fileAt(path);
    if (settings.STORAGE_URL_MODE === 'public') return `${PUBLIC_ORIGIN}/${file.bucket.name}/${path}`;
    const [url] = await file.getSignedUrl({ action: 'read', expires: now().getTime() + settings.STORAGE_SIGNED_URL_TTL_MS });
    return url;
  }

  mediaPathOf(url: string): string | null {
    return cloudMediaPathOf(url, getStorage(adminApp()).bucket().name);
  }

  async savePrivate(path: string, data: Buffer, contentType: string): Promise<void> {
    await fileAt(path).save(data, { contentType, resumable: false, metadata: { cacheControl: 'private, no-store' } });
  }

  async read(path: string): Promise<FileContent | undefined> {
    const file = fileAt(path);
    try {
      const [[data], [metadata]] = await Promise.all([file.download(), file.getMetadata()]);
      return { data, contentType: metadata.contentType ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as { code?: number }).code === 404) return undefined;
      throw error;
    }
  }

  async delete(path: string): Promise<void> {
    await fileAt(path).delete({ ignoreNotFound: true });
  }

  async exists(path: string): Promise<boolean> {
    const [exists] = await fileAt(path).exists();
    return exists;
  }

  /** V4 signing: links of at most 7 days, which KYC_LINK_TTL_SECONDS respects. */
  async signedLink(path: string, expiresAt: Date): Promise<string> {
    const [url] = await fileAt(path).getSignedUrl({ version: 'v4', action: 'read', expires: expiresAt.getTime() });
    return url;
  }
}
