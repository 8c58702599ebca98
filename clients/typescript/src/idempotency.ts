/**
 * Payment starts take an `Idempotency-Key` header: a retried request with the same key answers the
 * payment the first one made instead of starting a second (README, Payments; the routes'
 * descriptions in the document). The document says so in prose only, so the routes are listed here;
 * test/platform/client-types.test.ts fails when the document's list and this one differ.
 */
import type { paths } from './generated/openapi.js';

type PostPath = { [Path in keyof paths]: paths[Path] extends { post: object } ? Path : never }[keyof paths];

export const IDEMPOTENT_PAYMENT_STARTS: readonly PostPath[] = ['/api/payments/init', '/api/payments/requesttopay/{network}', '/api/payments/initcard'];

const IDEMPOTENT = new Set<string>(IDEMPOTENT_PAYMENT_STARTS);

export function takesIdempotencyKey(method: string, path: string): boolean {
  return method.toUpperCase() === 'POST' && IDEMPOTENT.has(path);
}

/**
 * A new key, 32 hexadecimal digits (the service takes 8 to 100 letters, digits, - or _). Keep it
 * with what is paid and pass it again (`headers: { 'Idempotency-Key': key }`) when the app retries
 * a start after it lost the answer, so the payer is charged once.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  const crypto = (globalThis as { crypto?: { getRandomValues?: (array: Uint8Array) => Uint8Array } }).crypto;
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  // Without Web Crypto (an old React Native runtime): the key only has to differ from the payer's other keys.
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
