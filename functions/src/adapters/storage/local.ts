/** Files on the local disk, served back by `GET /api/upload/files/...`. Emulator and tests only. */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { config } from '../../core/config';
import type { FileStorage, StoredFile } from './storage';

export class LocalStorage implements FileStorage {
  readonly name = 'local' as const;

  private root(): string {
    return config().STORAGE_LOCAL_DIR || join(tmpdir(), 'marketplace-uploads');
  }

  /** Keeps every path inside the root, whatever a caller passes. */
  private fileOf(path: string): string {
    const safe = normalize(path).replace(/^(\.\.(\/|\\|$))+/, '');
    return join(this.root(), safe);
  }

  async save(path: string, data: Buffer, contentType: string): Promise<StoredFile> {
    const file = this.fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, data);
    await writeFile(`${file}.type`, contentType);
    return { path, url: `/api/upload/files/${path}`, contentType, size: data.length };
  }

  async read(path: string): Promise<{ data: Buffer; contentType: string } | undefined> {
    const file = this.fileOf(path);
    try {
      const [data, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
      return { data, contentType };
    } catch {
      return undefined;
    }
  }
}
