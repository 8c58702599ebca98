/**
 * Every status of each counted family, so the dashboard shows a zero rather than leaving a status
 * out. Typed from the events' payloads: a status added to a domain's table fails to compile here
 * until it is listed (the records must have every key), without importing the domains.
 */
import type { DeliveredEvent, EventType } from '../../../core/events';

type To<T extends EventType> = NonNullable<DeliveredEvent<T>['payload'] extends { to: infer S } ? S : never>;
const keys = <S extends string>(record: Record<S, true>) => Object.keys(record) as S[];

export const LISTING_STATUSES = keys<To<'article.status_changed'>>({ en_attente: true, en_ligne: true, rejete: true, vendu: true, retire: true });
export const PAYMENT_STATUSES = keys<To<'payment.status_changed'>>({ pending: true, success: true, failed: true, expired: true });
export const PAYMENT_TYPES = keys<DeliveredEvent<'payment.status_changed'>['payload']['type']>({
  achat: true,
  abonnement: true,
  abonnement_transitaire: true,
  publicite: true,
  verification: true,
  commande: true,
});
export const MISSION_STATUSES = keys<To<'mission.status_changed'>>({ parcours: true, en_cours: true, transferer: true, traite: true, annule: true });
export const ORDER_STATUSES = keys<To<'order.status_changed'>>({ pending: true, paid: true, processing: true, shipped: true, delivered: true, cancelled: true });
export const DELIVERY_STATUSES = keys<To<'delivery.status_changed'>>({ commande: true, assigne: true, en_cours: true, livre: true, refuse: true, retour: true, annule: true });
