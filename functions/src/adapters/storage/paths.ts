/**
 * The storage path inside a URL a client gives back (a listing's photos, a profile photo): the
 * URL's form depends on the driver and its mode (local route, public, signed), the path does not.
 */
const STORED_PATH = /(?:^|\/)((?:images|videos)\/[0-9a-f-]{36}\.[a-z0-9]{2,5})(?:[?#]|$)/;

export function storedPathOf(url: string | null | undefined): string | null {
  return (url && STORED_PATH.exec(url)?.[1]) || null;
}

/** Exactly a public medium's path as the upload routes make it: `images/{uuid}.{ext}`, `videos/{uuid}.{ext}`. */
const MEDIA_PATH = /^(?:images|videos)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/;

export function isMediaPath(path: string): boolean {
  return MEDIA_PATH.test(path);
}
