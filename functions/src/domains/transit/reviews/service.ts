/**
 * Reviews of forwarders: a buyer whose mission with a forwarder is `traite` reviews it once
 * (rating 1-5, comment), edits or deletes its own review; the forwarder cannot delete them. The
 * forwarder's count and rating sum change in the same transaction as the review, so its average
 * never needs a scan.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { documentId } from '../../../core/document-id';
import type { ProfileCaller } from '../../../core/auth';
import { now } from '../../../core/clock';
import { ApiError } from '../../../core/errors';
import { db, runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { type PageRequest, PaginationQuery, readPage, toPage } from '../../../core/pagination';

export const ReviewRequest = z.strictObject({
  transitaireId: documentId('USER_NOT_FOUND'),
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(500).optional(),
});
export const ReviewUpdate = z
  .strictObject({ rating: z.number().int().min(1).max(5).optional(), comment: z.string().trim().max(500).optional() })
  .refine((value) => Object.keys(value).length > 0, { message: 'Give at least one field.' });
export const Review = z
  .object({ id: z.string(), transitaireId: z.string(), acheteur: z.string(), rating: z.number().int(), comment: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'TransitaireReview' });
export const ReviewPage = PaginationQuery;

interface ReviewDocument {
  transitaireId: string;
  acheteur: string;
  rating: number;
  comment: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The fields of a forwarder's directory entry that its reviews keep (directory/service.ts writes the rest). */
interface ReviewCounters {
  count?: number;
  sum?: number;
  average: number | null;
}

const reviews = () => collection<ReviewDocument>(COLLECTIONS.transitaireReviews);
const stats = (uid: string) => collection<ReviewCounters>(COLLECTIONS.transitaireDirectory).doc(uid);
const toReview = (id: string, review: ReviewDocument): z.input<typeof Review> => ({
  id,
  ...review,
  createdAt: review.createdAt.toDate().toISOString(),
  updatedAt: review.updatedAt.toDate().toISOString(),
});

/** Average rating, one decimal; null without reviews. */
export const averageOf = (count: number, sum: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : null);

/** Changes a review and the forwarder's counters (in its directory entry) together. */
async function write(
  id: string,
  transitaireId: string,
  decide: (current: ReviewDocument | undefined) => { review: ReviewDocument | null; countDelta: number; sumDelta: number },
) {
  return runTransaction(async (tx) => {
    const ref = reviews().doc(id);
    const [current, counters] = await Promise.all([tx.get(ref), tx.get(stats(transitaireId))]);
    const { review, countDelta, sumDelta } = decide(current.data());
    if (review) tx.set(ref, review);
    else tx.delete(ref);
    const count = (counters.data()?.count ?? 0) + countDelta;
    const sum = (counters.data()?.sum ?? 0) + sumDelta;
    // The directory entry carries the average too, so the forwarder list can sort by it.
    tx.set(stats(transitaireId), { count, sum, average: averageOf(count, sum) }, { merge: true });
    return review;
  });
}

export async function create(caller: ProfileCaller, input: z.output<typeof ReviewRequest>) {
  const closed = await db()
    .collection(COLLECTIONS.transitMissions)
    .where('acheteur', '==', caller.uid)
    .where('transitaire', '==', input.transitaireId)
    .where('statut', '==', 'traite')
    .limit(1)
    .get();
  if (closed.empty) throw new ApiError('REVIEW_NOT_ALLOWED');
  const id = `${input.transitaireId}_${caller.uid}`;
  const at = Timestamp.fromDate(now());
  const review = await write(id, input.transitaireId, (current) => {
    if (current) throw new ApiError('ALREADY_REVIEWED');
    const created = { transitaireId: input.transitaireId, acheteur: caller.uid, rating: input.rating, comment: input.comment ?? null, createdAt: at, updatedAt: at };
    return { review: created, countDelta: 1, sumDelta: input.rating };
  });
  return toReview(id, review!);
}

function own(caller: ProfileCaller, current: ReviewDocument | undefined): ReviewDocument {
  if (!current || current.acheteur !== caller.uid) throw new ApiError('REVIEW_NOT_FOUND');
  return current;
}

export async function update(caller: ProfileCaller, id: string, patch: z.output<typeof ReviewUpdate>) {
  const existing = (await reviews().doc(id).get()).data();
  const mine = own(caller, existing);
  const review = await write(id, mine.transitaireId, (current) => {
    const fresh = own(caller, current);
    const rating = patch.rating ?? fresh.rating;
    return { review: { ...fresh, rating, comment: patch.comment ?? fresh.comment, updatedAt: Timestamp.fromDate(now()) }, countDelta: 0, sumDelta: rating - fresh.rating };
  });
  return toReview(id, review!);
}

export async function remove(caller: ProfileCaller, id: string) {
  const existing = (await reviews().doc(id).get()).data();
  const mine = own(caller, existing);
  await write(id, mine.transitaireId, (current) => ({ review: null, countDelta: -1, sumDelta: -own(caller, current).rating }));
  return { deleted: true as const };
}

export async function ofForwarder(transitaireId: string, page: PageRequest) {
  const query = reviews().where('transitaireId', '==', transitaireId).orderBy('createdAt', 'desc');
  const [{ docs, total }, counters] = await Promise.all([readPage(query, page), stats(transitaireId).get()]);
  const counts = counters.data();
  return {
    ...toPage(page, docs.map((doc) => toReview(doc.id, doc.data())), total),
    average: averageOf(counts?.count ?? 0, counts?.sum ?? 0),
  };
}
