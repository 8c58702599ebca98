/** What other domains may know of a tricycle contact: commerce's chat asks who its two sides are. */
import { collection, COLLECTIONS, isoOrNull } from '../../../core/firestore';
import type { TricycleContactDocument } from './model';
import type { ContactStatus } from './state';

export interface TricycleContactView {
  id: string;
  acheteur: string;
  chauffeur: string;
  statut: ContactStatus;
  /** The last acceptance (ISO), null if the driver never accepted: only an accepted pair may chat. */
  acceptedAt: string | null;
}

export async function findTricycleContact(id: string): Promise<TricycleContactView | undefined> {
  const contact = (await collection<TricycleContactDocument>(COLLECTIONS.tricycleContacts).doc(id).get()).data();
  if (!contact) return undefined;
  return { id, acheteur: contact.acheteur, chauffeur: contact.chauffeur, statut: contact.statut, acceptedAt: isoOrNull(contact.acceptedAt) };
}
