/**
 * A sale's money between the payment and the handover (DOMAIN.md, "Fair exchange"; docs/guides/wallet.md,
 * "Held money"). The payment's success holds the goods' price in the seller's wallet
 * (`vente_retenue`): the seller sees it, cannot withdraw it, and a refund before the handover takes
 * it back without debt. The handover releases it once (`retenue_liberee`): it becomes the seller's
 * `vente`, net of the platform's fee, which the platform books then (`commission_plateforme`).
 *
 * Orders hold one sale per seller (its lines), purchases one. Every entry is keyed by the sale, so
 * a hold or a release run again writes nothing, and a release that runs before its hold (the
 * payment's subscriber late) writes both. Everything goes through payments' ledger: nothing is
 * credited out of a payment that is not a success or whose money went back.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { percentOf } from '../../core/money';
import { prepareAllocation, type Allocation } from '../payments';
import { platformFee, priceList } from '../pricing';
import { entriesIn, entryId, PLATFORM_WALLET_ID, type Posting } from '../wallet';

export interface Sale {
  paymentId: string;
  vendeur: string;
  /** The sale in the seller's ledger: the order's or the purchase's id. */
  reference: string;
  /** The platform's fee entry: `{orderId}_{seller}` for an order (one per seller), the purchase's id. */
  feeReference: string;
  /** The goods' price (XOF): what the seller holds until the handover. */
  gross: number;
  /** What the ledger says of it (`Commande …`, `Vente : …`). */
  description: string;
}

/**
 * The platform's fee on `gross` XOF a seller keeps of a sale, taken at its release (a handover, a
 * dispute's decision): an order of parts a courier carries pays the delivery settings'
 * `commissionVendeurPct`; every other sale (in person, a vehicle, with a courier or not) the
 * seller-gain tiers. Read before the transaction: prices are settings.
 */
export async function saleFee(courierOrder: boolean, gross: number): Promise<number> {
  if (gross <= 0) return 0;
  if (courierOrder) return percentOf(gross, (await priceList('delivery-settings')).commissionVendeurPct);
  return platformFee(gross);
}

/** The held credit of a sale: its price, in the seller's held money. */
export function heldCredit(sale: Sale): Posting {
  return { uid: sale.vendeur, entry: { type: 'vente_retenue', montant: sale.gross, reference: sale.reference, description: `${sale.description} (en attente de remise)` } };
}

/** The held credit (written when missing), its release, the seller's net and the platform's fee. */
function releasePostings(sale: Sale, fee: number): Posting[] {
  return [
    heldCredit(sale),
    { uid: sale.vendeur, entry: { type: 'retenue_liberee', montant: -sale.gross, reference: sale.reference, description: `${sale.description} : remise` } },
    { uid: sale.vendeur, entry: { type: 'vente', montant: sale.gross - fee, reference: sale.reference, description: sale.description } },
    { uid: PLATFORM_WALLET_ID, entry: { type: 'commission_plateforme', montant: fee, reference: sale.feeReference, description: `${sale.description} : commission sur la vente` } },
  ];
}

/** Holds the sales of one payment, in the caller's transaction (reads now, writes with `write`). */
export function prepareHold(tx: Transaction, paymentId: string, sales: Sale[]): Promise<Allocation> {
  return prepareAllocation(tx, paymentId, sales.map(heldCredit));
}

export interface Release {
  /** `released`: the release is new; `already`: it was written before; `taken_back`: the money went back to the buyer. */
  outcome: 'released' | 'already' | 'taken_back' | 'not_allowed';
  /** The seller's net, when it is released now. */
  net: number;
  write: () => void;
}

/**
 * The release of a sale at its handover, in the caller's transaction: nothing once its held money
 * went back (`retenue_reprise`), nor when the payment's money all went back.
 */
export async function prepareRelease(tx: Transaction, sale: Sale, fee: number): Promise<Release> {
  const [takenBack] = await entriesIn(tx, [{ uid: sale.vendeur, id: entryId({ type: 'retenue_reprise', reference: sale.reference }) }]);
  const none = { net: 0, write: () => undefined };
  if (takenBack) return { outcome: 'taken_back', ...none };
  const allocation = await prepareAllocation(tx, sale.paymentId, releasePostings(sale, fee));
  if (!allocation.allowed) return { outcome: 'not_allowed', ...none };
  const fresh = allocation.fresh.some(({ uid, entry }) => uid === sale.vendeur && entry.type === 'retenue_liberee');
  return { outcome: fresh ? 'released' : 'already', net: sale.gross - fee, write: allocation.write };
}
