/**
 * The names of the notices the service sends. Empty here: each domain adds the notices it sends in
 * its own `notices.ts` (TypeScript declaration merging, as events do in core/events/catalog.ts), so
 * that asking for a notice no domain declared fails to compile, without core or the notifications
 * domain knowing any other domain.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface NoticeCatalog {}

export type NoticeType = keyof NoticeCatalog & string;
