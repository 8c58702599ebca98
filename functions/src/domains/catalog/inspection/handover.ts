/**
 * The buyer got the vehicle of a listing (its purchase delivered, or its journey transferred to the
 * forwarder): docs/guides/catalog.md, "Verification of a listing". From then on its reports of the listing can no
 * longer be refused, and no new inspection of it can be paid: an inspection is for deciding before
 * taking the vehicle, not a way to give it back later.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';

/** The mark that the buyer got the vehicle of a listing: read by decisions and by the payment of a new request. */
export const handoverRef = (articleId: string, buyer: string) => collection<HandoverDocument>(COLLECTIONS.verificationHandovers).doc(`${articleId}_${buyer}`);

interface HandoverDocument {
  articleId: string;
  acheteur: string;
  /** When the vehicle was handed over (ISO source: `achat.handed_over`, or the journey's `transferer`). */
  at: Timestamp;
}

/**
 * The buyer got the vehicle (`achat.handed_over`, or its journey `transferer`): from then on its
 * reports of the listing cannot be refused, and no new inspection of it can be paid. Idempotent:
 * the first mark stays.
 */
export async function markHandedOver(articleId: string, buyer: string, at: Date): Promise<void> {
  const ref = handoverRef(articleId, buyer);
  await runTransaction(async (tx) => {
    if ((await tx.get(ref)).exists) return;
    tx.create(ref, { articleId, acheteur: buyer, at: Timestamp.fromDate(at) });
  });
}

/** Whether the buyer got the vehicle of the listing: one document read. */
export async function handedOver(articleId: string, buyer: string): Promise<boolean> {
  return (await handoverRef(articleId, buyer).get()).exists;
}
