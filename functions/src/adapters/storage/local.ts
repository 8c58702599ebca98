/**
 * Files on the local disk, served back by the API: public media by `GET /api/upload/files/...`,
 * private files through their owner's route or a signed link (`GET /api/upload/signed/...`) that
 * this driver signs and checks itself, as Cloud Storage does its own. Emulator and tests only.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { isMediaPath } from './paths';
import type { FileContent, FileStorage, LinkCheck, StoredFile } from './types';

/** The API route that serves public media with this driver (catalog/uploads/routes.ts). */
const MEDIA_ROUTE = '/api/upload/files/';
/** The hosts this driver's media are read from: it runs in the emulator and tests only. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** HMAC-SHA256 over the path and the expiry, under the local signing key (read by this driver only). */
function signatureOf(path: string, expires: string): string {
  return createHmac('sha256', config().STORAGE_LOCAL_SIGNING_KEY).update(`${path}\n${expires}`).digest('hex');
}

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

  private async write(path: string, data: Buffer, contentType: string): Promise<void> {
    const file = this.fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, data);
    await writeFile(`${file}.type`, contentType);
  }

  async save(path: string, data: Buffer, contentType: string): Promise<StoredFile> {
    await this.write(path, data, contentType);
    return { path, url: await this.mediaUrl(path), contentType, size: data.length };
  }

  /** Relative to the base URL: the emulator's API serves the file. */
  async mediaUrl(path: string): Promise<string> {
    return `${MEDIA_ROUTE}${path}`;
  }

  /** `/api/upload/files/{path}` as `save` gave it, or made absolute on a loopback host (the emulator's): no query, no fragment, no credentials. */
  mediaPathOf(url: string): string | null {
    if (url.startsWith(MEDIA_ROUTE)) {
      const path = url.slice(MEDIA_ROUTE.length);
      return isMediaPath(path) ? path : null;
    }
    if (!URL.canParse(url)) return null;
    const parsed = new URL(url);
    const onLoopback = (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOOPBACK_HOSTS.includes(parsed.hostname);
    if (!onLoopback || parsed.username || parsed.password || url.includes('?') || url.includes('#')) return null;
    const path = parsed.pathname.startsWith(MEDIA_ROUTE) ? parsed.pathname.slice(MEDIA_ROUTE.length) : '';
    return isMediaPath(path) ? path : null;
  }

  async savePrivate(path: string, data: Buffer, contentType: string): Promise<void> {
    await this.write(path, data, contentType);
  }

  async read(path: string): Promise<FileContent | undefined> {
    const file = this.fileOf(path);
    try {
      const [data, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
      return { data, contentType };
    } catch {
      return undefined;
    }
  }

  async delete(path: string): Promise<void> {
    const file = this.fileOf(path);
    await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })]);
  }

  async exists(path: string): Promise<boolean> {
    try {
      return (await stat(this.fileOf(path))).isFile();
    } catch {
      return false;
    }
  }

  /** Expiry in whole seconds, rounded down: the link never outlives `expiresAt`. */
  async signedLink(path: string, expiresAt: Date): Promise<string> {
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    return `/api/upload/signed/${path}?expires=${expires}&signature=${signatureOf(path, expires)}`;
  }

  checkLink(path: string, expires: string, signature: string): LinkCheck {
    if (!/^\d{1,12}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(signatureOf(path, expires));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) * 1000 > now().getTime() ? 'valid' : 'expired';
  }
}
