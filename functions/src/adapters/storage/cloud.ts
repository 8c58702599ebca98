/** Cloud Storage (the project's default bucket) through the Admin SDK. */
import { getStorage } from 'firebase-admin/storage';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { adminApp } from '../../core/firebase';
import type { FileStorage, StoredFile } from './storage';

export class CloudStorage implements FileStorage {
  readonly name = 'cloud' as const;

  async save(path: string, data: Buffer, contentType: string): Promise<StoredFile> {
    const bucket = getStorage(adminApp()).bucket();
    const file = bucket.file(path);
    await file.save(data, { contentType, resumable: false, metadata: { cacheControl: 'public, max-age=31536000, immutable' } });
    const settings = config();
    let url: string;
    if (settings.STORAGE_URL_MODE === 'public') {
      await file.makePublic();
      url = `https://storage.googleapis.com/${bucket.name}/${path}`;
    } else {
      [url] = await file.getSignedUrl({ action: 'read', expires: now().getTime() + settings.STORAGE_SIGNED_URL_TTL_MS });
    }
    return { path, url, contentType, size: data.length };
  }

  async read(): Promise<undefined> {
    return undefined; // Cloud Storage serves its files itself.
  }
}
