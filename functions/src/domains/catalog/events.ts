/** Events the catalog domain emits (docs/events.md, generated from these declarations). */
import type { ArticleStatus } from './state';
import type { InspectionStatus } from './inspection/state';

/** An admin rejected a paid advertisement: its payment's money goes back. */
export interface PubliciteRefundDue {
  publiciteId: string;
  vendeur: string;
  paymentId: string;
  montant: number;
  motif: string;
  /** When (ISO). */
  at: string;
}

export interface PubliciteRequested {
  publiciteId: string;
  /** The seller who asked for it. */
  vendeur: string;
  articleId: string;
  typePub: 'sponsorise' | 'a_la_une';
  montant: number;
  /** When it was asked for (ISO). */
  requestedAt: string;
}

/** An admin's decision on a boost: running from now, or rejected. */
export interface PubliciteReviewed {
  publiciteId: string;
  vendeur: string;
  decision: 'active' | 'rejected';
  /** The listing's title. */
  titre: string;
  /** The end of a boost made active (ISO), else null. */
  dateFin: string | null;
  /** Why it was rejected, else null. */
  motif: string | null;
  /** Whether a rejected boost's payment goes back. */
  rembourse: boolean;
  /** When (ISO, to the millisecond: the boost's `updatedAt`). */
  at: string;
}

/** A moderator approved or rejected a listing. */
export interface ArticleModerated {
  articleId: string;
  vendeur: string;
  titre: string;
  decision: 'approved' | 'rejected';
  /** Why it was rejected, else null. */
  motif: string | null;
  /** When (ISO: the listing's `updatedAt`). */
  at: string;
}

export interface ArticleStatusChanged {
  articleId: string;
  /** The listing's type (`voiture`, `piece`...). */
  type: string;
  /** The status before; null when the listing was created. */
  from: ArticleStatus | null;
  /** The status after; null when the listing was deleted. */
  to: ArticleStatus | null;
  /** When (ISO). */
  at: string;
}

/** A verification request changed status (its opening included: `from` null). */
export interface VerificationStatusChanged {
  verificationId: string;
  articleId: string;
  articleTitre: string;
  acheteur: string;
  vendeur: string;
  paymentId: string;
  from: InspectionStatus | null;
  to: InspectionStatus;
  /** Why an admin cancelled (`annule`), else null. */
  motif: string | null;
  /** When the request was opened, and when it moved (ISO): the counters' time to report. */
  requestedAt: string;
  at: string;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /**
     * A listing was created, changed status or was deleted (key: `{articleId}_{to or supprime}_{at ms}`,
     * core/fsm's one policy).
     * Emitted by the listing's machine (`machine.ts`) with every write of its `statut` (creation,
     * moderation, edit back to `en_attente`, withdrawal, sale, deletion), in its transaction.
     */
    'article.status_changed': ArticleStatusChanged;
    /**
     * A verification request opened or moved (key: `{verificationId}_{to}_{at ms}`, core/fsm's one policy).
     * Emitted by every transaction that opens or moves a request.
     */
    'verification.status_changed': VerificationStatusChanged;
    /**
     * A seller asked for an advertisement (boost) of its listing, paid or not yet (key: the advertisement
     * id). Emitted by the transaction that creates it (`POST /api/publicites`).
     */
    'publicite.requested': PubliciteRequested;
    /**
     * An admin rejected a paid advertisement (key: the advertisement id), in the transaction that rejects
     * it: its payment marked for refund, which takes back the revenue and the agent's commission.
     */
    'publicite.refund_due': PubliciteRefundDue;
    /**
     * An admin activated or rejected an advertisement (key: `{publiciteId}_{at ms}`), in the
     * transaction of the decision: its seller is told.
     */
    'publicite.reviewed': PubliciteReviewed;
    /**
     * A moderator approved or rejected a listing (key: `{articleId}_{at ms}`), in the transaction of
     * the decision: its seller is told.
     */
    'article.moderated': ArticleModerated;
  }
}
