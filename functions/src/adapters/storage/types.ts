/** A stored file and what a file storage does: the Cloud Storage and local drivers implement it, storage.ts picks one. */
export interface StoredFile {
  path: string;
  url: string;
  contentType: string;
  size: number;
}

export interface FileContent {
  data: Buffer;
  contentType: string;
}

/** What a signed link to a private file is worth, for the driver that serves its own links. */
export type LinkCheck = 'valid' | 'invalid' | 'expired';

export interface FileStorage {
  readonly name: 'local' | 'cloud';
  /** Stores public media and answers where clients read it. */
  save(path: string, data: Buffer, contentType: string): Promise<StoredFile>;
  /** Stores a private file: never public, readable only through `read` and `signedLink`. */
  savePrivate(path: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or undefined when nothing is stored there. */
  read(path: string): Promise<FileContent | undefined>;
  exists(path: string): Promise<boolean>;
  /** Removes the file; nothing stored there is not an error (a clean-up may run twice). */
  delete(path: string): Promise<void>;
  /** A link that reads the file without a token until `expiresAt` (never after). */
  signedLink(path: string, expiresAt: Date): Promise<string>;
  /**
   * Where clients read the public medium at `path` (what `save` answered for it): built from the
   * path alone, so a URL shown to users is always one of ours, in the configured URL mode.
   */
  mediaUrl(path: string): Promise<string>;
  /**
   * The path of the public medium a URL of `mediaUrl`'s form reads, or null for any other URL: a
   * URL a client gives back is trusted only when it is exactly one of ours.
   */
  mediaPathOf(url: string): string | null;
  /** Local driver only: checks one of its own signed links (Cloud Storage checks its own). */
  checkLink?(path: string, expires: string, signature: string): LinkCheck;
}
