/**
 * The forwarders buyers choose from (`GET /api/transitaires`): verified (`approved`) and
 * subscribed. Both conditions live in other documents and one of them runs out with time, so each
 * forwarder has a directory entry (`transitaireDirectory/{uid}`) whose `listed` flag is recomputed
 * when its verification or subscription changes, when it edits its profile, when an admin blocks
 * it or changes its role, and, for subscriptions that simply ran out, by an hourly job. The list
 * filters on that flag and sorts by the average rating the reviews keep there; an entry whose
 * subscription ended since the last job is left out of the page as well.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { now } from '../../../core/clock';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { expiryIn } from '../../subscriptions';
import type { Transitaire } from '../schemas';

interface DirectoryEntry {
  listed: boolean;
  nom: string;
  prenoms: string;
  photoUrl: string | null;
  companyName: string;
  pays: string;
  paysDesservis: string[];
  subscribedUntil: Timestamp | null;
  /** Review counters, written by the reviews (see reviews/service.ts). */
  count?: number;
  sum?: number;
  average?: number | null;
  updatedAt: Timestamp;
}

/** Expired entries unlisted per run of the job; the next run takes the rest. */
const UNLIST_BATCH = 200;

/** What an entry is made of: the fields of the forwarder's profile and verification file it copies. */
type Profile = { role?: string; nom?: string; prenoms?: string; photoUrl?: string | null; pays?: string; isBlocked?: boolean };
type VerificationFile = { statut?: string; dossier?: { companyName: string; pays: string; paysDesservis?: string[] } | null };

const entries = () => collection<DirectoryEntry>(COLLECTIONS.transitaireDirectory);
const profiles = () => collection<Profile>(COLLECTIONS.users);
const verificationFiles = () => collection<VerificationFile>(COLLECTIONS.transitaireVerifications);

/**
 * Reads, in the caller's transaction, what a forwarder's entry depends on besides its profile and
 * verification file, and answers the function that writes the entry from those two. A decision on
 * the file calls it inside its own transaction, so the file and the entry never disagree.
 */
export async function listingWriter(tx: Transaction, uid: string) {
  const entryRef = entries().doc(uid);
  // Read inside the transaction, so a payment committed meanwhile is seen by its own refresh.
  const [entry, subscribedUntil] = await Promise.all([tx.get(entryRef), expiryIn(tx, uid, 'transitaire')]);
  return (profile: Profile, file: VerificationFile | undefined) => {
    const forwarder = profile.role === 'transitaire';
    // Someone who is no forwarder (any more) gets no entry, and an existing one is unlisted.
    if (!forwarder && !entry.exists) return;
    const at = now();
    const dossier = file?.dossier ?? null;
    const verified = file?.statut === 'approved' && !!dossier;
    tx.set(
      entryRef,
      {
        listed: forwarder && verified && !!subscribedUntil && subscribedUntil > at && profile.isBlocked !== true,
        nom: profile.nom ?? '',
        prenoms: profile.prenoms ?? '',
        photoUrl: profile.photoUrl ?? null,
        companyName: dossier?.companyName ?? '',
        pays: dossier?.pays ?? profile.pays ?? '',
        paysDesservis: dossier?.paysDesservis ?? (dossier ? [dossier.pays] : []),
        subscribedUntil: subscribedUntil ? Timestamp.fromDate(subscribedUntil) : null,
        // The list sorts on `average`, and Firestore leaves out documents without the field.
        average: entry.data()?.average ?? null,
        updatedAt: Timestamp.fromDate(at),
      } satisfies Omit<DirectoryEntry, 'count' | 'sum'>,
      { merge: true },
    );
  };
}

/**
 * Recomputes a forwarder's entry from its profile, verification file and subscription; called after
 * a subscription payment, a profile edit, and when an admin blocks, unblocks or changes the role of
 * a forwarder.
 */
export async function refreshListing(uid: string): Promise<void> {
  const userRef = profiles().doc(uid);
  const fileRef = verificationFiles().doc(uid);
  await runTransaction(async (tx) => {
    const [user, file, write] = await Promise.all([tx.get(userRef), tx.get(fileRef), listingWriter(tx, uid)]);
    write(user.data() ?? {}, file.data());
  });
}

/** Hourly: unlists the entries whose subscription ended. */
export async function unlistExpired(): Promise<{ unlisted: number }> {
  const ended = await entries()
    .where('listed', '==', true)
    .where('subscribedUntil', '<=', Timestamp.fromDate(now()))
    .limit(UNLIST_BATCH)
    .get();
  for (const entry of ended.docs) await refreshListing(entry.id);
  return { unlisted: ended.size };
}

function toTransitaire(id: string, entry: DirectoryEntry): z.input<typeof Transitaire> {
  return {
    id,
    nom: entry.nom,
    prenoms: entry.prenoms,
    photoUrl: entry.photoUrl,
    companyName: entry.companyName,
    pays: entry.pays,
    paysDesservis: entry.paysDesservis,
    averageRating: entry.average ?? null,
    reviewCount: entry.count ?? 0,
  };
}

export async function listed(paysDestination: string | undefined, page: PageRequest) {
  let query = entries().where('listed', '==', true);
  if (paysDestination) query = query.where('paysDesservis', 'array-contains', paysDestination);
  const { docs, total } = await readPage(query.orderBy('average', 'desc'), page);
  const at = now().getTime();
  const current = docs.filter((doc) => (doc.data().subscribedUntil?.toMillis() ?? 0) > at);
  return toPage(page, current.map((doc) => toTransitaire(doc.id, doc.data())), total);
}
