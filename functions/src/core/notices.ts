/**
 * Notices: what the service tells people, as reactions to facts (docs/guides/notifications.md, "Notices").
 *
 * The names of the notices the service sends are empty here: each domain adds the notices it sends
 * in its own `notices.ts` (TypeScript declaration merging, as events do in core/events/catalog.ts),
 * so that telling a notice no domain declared fails to compile, without core or the notifications
 * domain knowing any other domain.
 *
 * Who is told what is a domain's `tells.ts`: for each fact (a domain event) it tells, a pure
 * function of the event's payload answering the notices to write. Its manifest declares it
 * (`tells`), and the notifications domain derives one subscriber per told fact from the modules'
 * list, writing each notice once (its id is its type and key: a replayed event writes nothing twice).
 */
import type { EventCatalog, EventType } from './events/catalog';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface NoticeCatalog {}

export type NoticeType = keyof NoticeCatalog & string;

/** Kinds of resource a notification can point at, for the app to open it. */
export const RESOURCE_KINDS = ['transitMission', 'article', 'publicite', 'achat', 'chauffeurDemande', 'subscription', 'transitaireVerification', 'adminMessage', 'chatRoom', 'commande', 'tricycleContact', 'delivery', 'verification', 'litige'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** One notice to write: to whom, which, what makes it one (with its type, its id), its words' values and what it opens. */
export interface Notice {
  uid: string;
  type: NoticeType;
  /** What makes this notice one: the same key and type never notify twice. */
  key: string;
  params?: Record<string, string>;
  resource?: { kind: ResourceKind; id: string };
}

/** The notices one fact tells: a pure function of its payload (what it needs is in the payload). */
export type Teller<T extends EventType> = (payload: EventCatalog[T]) => readonly Notice[];

/** A domain's tellers, by the fact each tells. */
export type Tellers = { readonly [T in EventType]?: Teller<T> };

/**
 * Types a domain's tellers (each function gets its fact's payload). A teller whose notices have
 * `params` of different keys names its return type, `(p): Notice[] => [...]`: without it,
 * TypeScript merges the array's object literals into one type whose missing keys are optional
 * `undefined`, which `params` (strings only) refuses.
 */
export const defineTellers = <T extends Tellers>(tellers: T): T => tellers;
