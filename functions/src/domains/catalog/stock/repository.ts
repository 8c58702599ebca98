/**
 * Firestore access of a part's units (service.ts says the rules): its generation
 * (`stockGenerations/{articleId}`) and its unit claims (`stockUnits/{articleId}_{generation}_{n}`).
 *
 * The generation lives in its own document beside the listing: every paying order reads it in its
 * transaction, which on the listing would lock the document every winner lowers `stock` on.
 */
import { type DocumentReference, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { created } from '../../../core/claims';
import { db } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';

export interface StockGenerationDocument {
  generation: number;
  /** The generation's unit slots: n in [0, units). A unit given back or returned adds one at the top. */
  units: number;
  /** Orders took all its units and the last of them moved the listing to `vendu` (a return restocks it). */
  soldOut: boolean;
  updatedAt: Timestamp;
}

export interface StockUnitDocument {
  articleId: string;
  generation: number;
  n: number;
  orderId: string;
  /** The payment that took it: a second run of that payment finds its units by it. */
  paymentId: string;
  takenAt: Timestamp;
  /** Given back (not kept by its order, or the order cancelled): the generation has a new slot for it. */
  releasedAt: Timestamp | null;
}

export const generations = () => collection<StockGenerationDocument>(COLLECTIONS.stockGenerations);
const unitDocs = () => collection<StockUnitDocument>(COLLECTIONS.stockUnits);
export const unitRef = (articleId: string, generation: number, n: number) => unitDocs().doc(`${articleId}_${generation}_${n}`);

/** The units a listing's stock makes: a part without `stock` is one unit (docs/guides/commerce.md, "Orders of parts"). */
export const unitsOf = (stock: number | undefined) => stock ?? 1;

/** A part's current generation read in the caller's transaction (undefined before its first order or statement). */
export async function readGenerationIn(tx: Transaction, articleId: string): Promise<StockGenerationDocument | undefined> {
  return (await tx.get(generations().doc(articleId))).data();
}

/**
 * The write that starts a new generation of `stock` units, in the caller's transaction (a read
 * among its reads: the next number). Payments holding units of the one before take theirs again.
 */
export async function prepareNewGeneration(tx: Transaction, articleId: string, stock: number | undefined, at: Date): Promise<() => void> {
  const ref = generations().doc(articleId);
  const current = (await tx.get(ref)).data();
  const next: StockGenerationDocument = { generation: (current?.generation ?? 0) + 1, units: unitsOf(stock), soldOut: false, updatedAt: Timestamp.fromDate(at) };
  return () => tx.set(ref, next);
}

/** A listing deleted: its generation goes with it (a payment holding its units finds none). */
export function endGenerationIn(tx: Transaction, articleId: string): void {
  tx.delete(generations().doc(articleId));
}

/** A part's first generation, of its stock, unless another payment made it first (a create). */
export async function createFirstGeneration(articleId: string, stock: number | undefined, at: Date): Promise<void> {
  await created(generations().doc(articleId).create({ generation: 1, units: unitsOf(stock), soldOut: false, updatedAt: Timestamp.fromDate(at) }));
}

/** The generation's slots and sold-out mark, written in the caller's transaction after it read them. */
export function setGenerationIn(tx: Transaction, articleId: string, change: Partial<Pick<StockGenerationDocument, 'units' | 'soldOut'>>, at: Date): void {
  tx.update(generations().doc(articleId), { ...change, updatedAt: Timestamp.fromDate(at) });
}

/** The units a payment took, given back or not. */
export async function unitsOfPayment(paymentId: string): Promise<Array<{ ref: DocumentReference<StockUnitDocument>; unit: StockUnitDocument }>> {
  return (await unitDocs().where('paymentId', '==', paymentId).get()).docs.map((doc) => ({ ref: doc.ref, unit: doc.data() }));
}

/** Creates the units, all or none: false when one of them exists already (another payment took it). */
export function createUnits(units: readonly StockUnitDocument[]): Promise<boolean> {
  const batch = db().batch();
  for (const unit of units) batch.create(unitRef(unit.articleId, unit.generation, unit.n), unit);
  return created(batch.commit());
}

/** Which of these units exist (read outside any transaction: a read lock would make creates wait). */
export async function unitsExist(units: ReadonlyArray<Pick<StockUnitDocument, 'articleId' | 'generation' | 'n'>>): Promise<boolean[]> {
  const snapshots = await db().getAll(...units.map((unit) => unitRef(unit.articleId, unit.generation, unit.n)));
  return snapshots.map((snapshot) => snapshot.exists);
}

/** Units read in the caller's transaction: only to give them back (a rare path). */
export async function readUnitsIn(tx: Transaction, refs: ReadonlyArray<DocumentReference<StockUnitDocument>>) {
  return refs.length === 0 ? [] : tx.getAll(...refs);
}

/** A unit marked given back, in the caller's transaction. */
export function releaseUnitIn(tx: Transaction, id: string, at: Date): void {
  tx.update(unitDocs().doc(id), { releasedAt: Timestamp.fromDate(at) });
}
