import { HELD_ENTRY_TYPES } from './buckets';

/**
 * Entry types (docs/guides/wallet.md, "Money": who gets each, on which event, what reverses it).
 *  - `vente`: a seller's sale, net of the platform's fee; `gain_livraison`: a courier's share of a
 *    delivery fee; `gain_agent`: an agent's earning (commission, sign-up or presence bonus).
 *  - On the platform's wallet (`wallets/platform`): `commission_plateforme` (its fee on a sale),
 *    `gain_societe` (its share of a delivery fee), `revenu` (a subscription, boost or inspection
 *    sold), `commission_agent` (negative: an agent's commission paid out of that revenue).
 *  - `reprise`: a credit taken back because its money went back (negative, keyed by the entry it
 *    reverses); `retrait`: money paid out (negative); `remboursement`, `ajustement`: older entries.
 *  - Held money (buckets.ts; DOMAIN.md, "Fair exchange"): `vente_retenue` (a sale's price, held
 *    from its payment until the handover), `retenue_liberee` (the same amount out of the held
 *    money at the handover, beside the `vente` and the platform's fee it becomes),
 *    `retenue_reprise` (the same amount out of the held money when it goes back to the buyer).
 */
export const ENTRY_TYPES = [
  'vente',
  'gain_livraison',
  'gain_agent',
  'retrait',
  'remboursement',
  'ajustement',
  'gain_societe',
  'commission_plateforme',
  'revenu',
  'commission_agent',
  'reprise',
  ...HELD_ENTRY_TYPES,
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
