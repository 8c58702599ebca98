/** Events the logistics domain emits (README: event catalogue). */

export interface TricycleContactAccepted {
  /** `{buyerUid}_{driverUid}`: also the chat context id (`tricycle`). */
  contactId: string;
  acheteur: string;
  chauffeur: string;
  /** When (ISO). */
  acceptedAt: string;
}

declare module '../../core/events/catalog' {
  interface EventCatalog {
    /** A tricycle driver accepted a buyer's contact (key: the contact id and its opening number). */
    'tricycle.contact_accepted': TricycleContactAccepted;
  }
}
