/**
 * What every listener shares: a read-only converter (`withConverter`) that turns a document the
 * service wrote into the app's type, and the readers of its field kinds. The service is the only
 * writer (firestore.rules refuse every client write), so the converters never write.
 */
import type { DocumentData, FirestoreDataConverter, FirestoreError, QueryDocumentSnapshot } from 'firebase/firestore';

export interface ListenOptions {
  /** Called when the listen fails (permission denied: not the caller's document, or signed out). */
  onError?: (error: FirestoreError) => void;
}

/** A converter reading documents as `T` with `read`; writing through it throws (clients write nothing). */
export function readOnly<T>(read: (id: string, data: DocumentData) => T): FirestoreDataConverter<T> {
  return {
    toFirestore(): never {
      throw new Error('Realtime documents are written by the service only: use the API.');
    },
    fromFirestore: (snapshot: QueryDocumentSnapshot) => read(snapshot.id, snapshot.data()),
  };
}

/** A Timestamp's date (duck-typed: an app bundling a second copy of the SDK has another Timestamp class). */
export function dateOf(value: unknown): Date {
  const toDate = (value as { toDate?: unknown } | null)?.toDate;
  return typeof toDate === 'function' ? (toDate.call(value) as Date) : new Date(Number.NaN);
}

/** A Timestamp's date, or null when the field is empty. */
export const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : dateOf(value));

export const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export interface Position {
  latitude: number;
  longitude: number;
}

/** A `{ latitude, longitude }` field, or null when empty. */
export function positionOrNull(value: unknown): Position | null {
  const point = value as { latitude?: unknown; longitude?: unknown } | null | undefined;
  return point ? { latitude: Number(point.latitude), longitude: Number(point.longitude) } : null;
}
