/** The stored shape of a listing (`articles/{id}`). */
import type { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ArticleInput } from './schemas';
import type { ListingHistoryEntry } from './machine';
import type { ArticleStatus, SaleStatus } from './state';

export type ArticleFields = z.output<typeof ArticleInput>;

export interface ArticleDocument extends Omit<ArticleFields, 'photos'> {
  photos: string[];
  /** Server-owned: the stored files among `photos` and `video` (`images/<uuid>.jpg`), for the upload clean-up. */
  mediaPaths?: string[];
  vendeur: string;
  vendeurNom: string;
  statut: ArticleStatus;
  motifRejet: string | null;
  aLaUne: boolean;
  sponsorise: boolean;
  verificationStatut: 'none' | 'en_attente' | 'rapport_disponible' | 'accepte' | 'refuse';
  /**
   * Views, as last rolled up (views/repository.ts): what searches sort by and listings show. The
   * count itself is `viewsBase` plus the shards of `articleViewShards`.
   */
  views: number;
  /** Server-owned: the views counted on the listing before its shards existed (set by its first roll-up). */
  viewsBase?: number;
  /** Server-owned: when `views` was last rolled up. */
  viewsRolledUpAt?: Timestamp;
  statutVente: SaleStatus;
  /** The purchase that bought it. */
  soldTo?: string | null;
  /** The buyer of that purchase: it may still pay for a verification of the vehicle it bought. */
  soldToBuyer?: string | null;
  /** Verification requests waiting for this listing's inspection (catalog/inspection: bounded by VERIFICATION_MAX_OPEN_PER_ARTICLE). */
  verificationsOuvertes?: number;
  /**
   * False while the listing is a part of a seller whose access is over (seller-parts.ts): searches
   * match only listings where it is true. Every other listing has it true for good.
   */
  vendeurActif: boolean;
  /** A seller's part: the end of its seller's access when last known; null for listings that never hide. */
  visibleJusqua: Timestamp | null;
  /** Lower-case, accent-free copies of brand, model and city: what the search filters match. */
  marqueKey: string | null;
  modeleKey: string | null;
  villeKey: string;
  /** Its status moves, the latest ones (machine.ts); absent on listings that have not moved since histories exist. */
  history?: ListingHistoryEntry[];
  createdAt: Timestamp;
  updatedAt: Timestamp;
  publishedAt: Timestamp | null;
}
