/**
 * Life of a dispute (`statut`), DOMAIN.md's "Disputes" as data (core/fsm.ts).
 *  - `ouvert` --take--> `en_examen` (an admin takes it)
 *  - `en_examen` --refund--> `rembourse` (the buyer refunded in full or in part, the rest released to the seller)
 *  - `en_examen` --release--> `libere` (the money released to the seller)
 *  - `ouvert`, `en_examen` --withdraw--> `retire` (the buyer withdraws it before a decision)
 * `rembourse`, `libere` and `retire` are final.
 */
import type { TransitionTable } from '../../../core/fsm';

export const DISPUTE_STATUSES = ['ouvert', 'en_examen', 'rembourse', 'libere', 'retire'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_EVENTS = ['take', 'refund', 'release', 'withdraw'] as const;
export type DisputeEvent = (typeof DISPUTE_EVENTS)[number];

export const DISPUTE_TRANSITIONS: TransitionTable<DisputeStatus, DisputeEvent> = {
  ouvert: { take: 'en_examen', withdraw: 'retire' },
  en_examen: { refund: 'rembourse', release: 'libere', withdraw: 'retire' },
  rembourse: {},
  libere: {},
  retire: {},
};

export const OPEN_DISPUTE_STATUSES: readonly DisputeStatus[] = ['ouvert', 'en_examen'];

/** Why the buyer disagrees (DOMAIN.md): not received, not as described, damaged, something else. */
export const DISPUTE_REASONS = ['non_recu', 'non_conforme', 'endommage', 'autre'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
