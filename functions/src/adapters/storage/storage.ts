/**
 * File storage: Cloud Storage in production, a local-disk driver in the emulator and tests (the
 * Storage emulator does not run offline). Files are addressed by a path: public media such as
 * `images/<uuid>.jpg`, whose URL is public or signed by configuration, and private files such as
 * identity cards (`kyc/<uid>/<uuid>.jpg`), never made public, read through the API or through a
 * short-lived signed link.
 */
import { config } from '../../core/config';
import type { FileStorage } from './types';

// Its types, named here too for the code that asks for a driver.
export type { StoredFile, FileContent, LinkCheck, FileStorage } from './types';

export async function fileStorage(): Promise<FileStorage> {
  return config().STORAGE_DRIVER === 'cloud' ? new (await import('./cloud')).CloudStorage() : new (await import('./local')).LocalStorage();
}
