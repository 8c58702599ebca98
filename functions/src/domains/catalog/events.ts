/** Events the catalog domain emits (README: event catalogue). */

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

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** A seller asked for an advertisement (boost) of its listing, paid or not yet (key: the advertisement id). */
    'publicite.requested': PubliciteRequested;
  }
}
