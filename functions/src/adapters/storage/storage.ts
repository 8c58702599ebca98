/**
 * File storage for listing media: Cloud Storage in production, a local-disk driver in the emulator
 * and tests (the Storage emulator does not run offline). Files are addressed by a path such as
 * `images/<uuid>.jpg`; the URL handed to clients is public or signed by configuration.
 */
import { config } from '../../core/config';

export interface StoredFile {
  path: string;
  url: string;
  contentType: string;
  size: number;
}

export interface FileStorage {
  readonly name: 'local' | 'cloud';
  save(path: string, data: Buffer, contentType: string): Promise<StoredFile>;
  /** Local driver only: the file's bytes, for the route that serves them. */
  read(path: string): Promise<{ data: Buffer; contentType: string } | undefined>;
}

export async function fileStorage(): Promise<FileStorage> {
  return config().STORAGE_DRIVER === 'cloud' ? new (await import('./cloud')).CloudStorage() : new (await import('./local')).LocalStorage();
}
