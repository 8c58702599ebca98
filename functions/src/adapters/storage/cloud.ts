/**
 * Cloud Storage (the project's default bucket) through the Admin SDK. Public media are made public
 * or signed by configuration; private files (identity cards) are never made public: the bucket must
 * not grant public reading on its own. They are read by download, or through a V4 signed URL.
 */
import { getStorage } from 'firebase-admin/storage';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { adminApp } from '../../core/firebase';
import type { FileContent, FileStorage, StoredFile } from './storage';

const fileAt = (path: string) => getStorage(adminApp()).bucket().file(path);

export class CloudStorage implements FileStorage {
  readonly name = 'cloud' as const;

  async save(path: string, data: Buffer, contentType: string): Promise<StoredFile> {
    const file = fileAt(path);
    await file.save(data, { contentType, resumable: false, metadata: { cacheControl: 'public, max-age=31536000, immutable' } });
    const settings = config();
    let url: string;
    if (settings.STORAGE_URL_MODE === 'public') {
      await file.makePublic();
      url = `https://storage.googleapis.com/${file.bucket.name}/${path}`;
    } else {
      [url] = await file.getSignedUrl({ action: 'read', expires: now().getTime() + settings.STORAGE_SIGNED_URL_TTL_MS });
    }
    return { path, url, contentType, size: data.length };
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
