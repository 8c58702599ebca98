/**
 * A part's units, taken by paying orders without a hot document (docs/guides/commerce.md, "Orders of parts";
 * docs/architecture.md, "Hot documents"). Many buyers pay for the last units of one part at once: a
 * transaction each that read and wrote the listing would queue them all on its lock. So:
 *
 * - A part's units are the slots 0..units-1 of its current generation (`stockGenerations/{id}`). A
 *   seller's statement of `stock`, or the listing leaving public view otherwise than by orders
 *   selling its last unit, starts a new generation of the stock it then has (the catalog's
 *   repository writes it with the change): a payment holding units of an older one finds it in its
 *   transaction and takes its units again (or finds none).
 * - A payment takes a unit by creating `stockUnits/{articleId}_{generation}_{n}` with a create
 *   precondition. All the units
 *   of an order (every line) are created in one batch: all or none, so an order that cannot have
 *   them all holds none, and the others' creates fail at once without waiting for anybody.
 * - Slots are taken lowest first and never deleted while their generation lasts, so the taken ones
 *   are always 0..k-1. A payment starts at `units - stock` (read with the generation at one moment:
 *   the units sold or given back, all below it) and tries upward: only the units other payments
 *   are taking at the same moment stand in its way.
 * - The order's transaction reads the generation document only, checks its units are of the current
 *   generation, and lowers `stock` by an increment (a write without a read). The payment holding
 *   the generation's last slot reads the listing in its transaction and, when no unit came back
 *   since, moves it to `vendu`.
 * - A unit is never taken back from its holder: a run that died after taking its units finds them
 *   again (by its payment) and goes on. Units that are not kept (an order cancelled meanwhile, a
 *   second payment of an order, an order cancelled after payment) are given back as new slots at
 *   the top, the given-back documents marked `releasedAt`.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { runTransaction } from '../../../core/firebase';
import { type ListingChange, prepareUpdateIn } from '../listing-change';
import { listingMachine } from '../machine';
import type { ArticleDocument } from '../model';
import * as repository from '../repository';
import { isPublic } from '../visibility';
import * as stock from './repository';

/** A payment trying units gives up after this many lost creates: its event run is retried later. */
const MAX_ROUNDS = 100;

/** What an order asks of one part. */
export interface UnitRequest {
  articleId: string;
  quantite: number;
}

/** The units a payment holds of one part: what its order's transaction checks and records. */
export interface HeldUnits {
  articleId: string;
  quantite: number;
  generation: number;
  /** The unit documents' ids, recorded on the order. */
  unites: string[];
  /** The generation's slots when they were taken. */
  slots: number;
  /** Among them the generation's last slot: this payment's transaction sells the listing out (if no unit came back since). */
  last: boolean;
  /** The listing had no `stock` (one unit): its transaction writes the stock it reads rather than an increment. */
  exact: boolean;
}

/**
 * Every unit an order needs (with whether the payment holds units beyond them, of an older
 * generation, to give back), or short (with whether it still holds units to give back).
 */
export type UnitsTaken = { held: HeldUnits[]; loose: boolean } | { short: true; holding: boolean };

type PartNow = { article?: ArticleDocument; generation?: stock.StockGenerationDocument };

/**
 * Reads the parts, first giving a generation to a part that has none yet (its first order since
 * generations exist): its units are its stock. A create, so that the first of several payments
 * sets it and the others read it.
 */
async function partsWithGenerations(articleIds: string[], at: Date): Promise<Map<string, PartNow>> {
  for (;;) {
    const parts = await repository.readPartsNow(articleIds);
    const bare = [...parts].filter(([, part]) => part.article?.type === 'piece' && !part.generation);
    if (bare.length === 0) return parts;
    for (const [id, part] of bare) await stock.createFirstGeneration(id, part.article!.stock, at);
  }
}

/**
 * Takes the units of `requests` for the payment `paymentId` of order `orderId`: every one, or none
 * when a part has fewer free units than asked (or is no longer an online part). A second run of
 * the same payment finds the units it took and takes only what is missing (none twice).
 */
export async function takeUnits(orderId: string, paymentId: string, requests: readonly UnitRequest[]): Promise<UnitsTaken> {
  const at = now();
  const [own, parts] = await Promise.all([stock.unitsOfPayment(paymentId), partsWithGenerations(requests.map((request) => request.articleId), at)]);
  const mine = own.map(({ unit }) => unit).filter((unit) => !unit.releasedAt);
  const short = (): UnitsTaken => ({ short: true, holding: mine.length > 0 });
  /** Slots found taken by others, per part, in this run. */
  const takenByOthers = new Map<string, Set<number>>(requests.map((request) => [request.articleId, new Set<number>()]));
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const wanted: Array<{ request: UnitRequest; n: number }> = [];
    for (const request of requests) {
      const { article, generation } = parts.get(request.articleId)!;
      if (!article || !generation || article.type !== 'piece') return short();
      const have = mine.filter((unit) => unit.articleId === request.articleId && unit.generation === generation.generation).map((unit) => unit.n);
      let need = request.quantite - have.length;
      // Units held of the current generation stand (the listing can only have left public view
      // since by orders selling its last unit: any other way starts a new generation).
      if (need <= 0) continue;
      if (!isPublic(article, at)) return short();
      // `stock` counts the units not yet sold, this payment's among them.
      const left = stock.unitsOf(article.stock);
      if (left < request.quantite) return short();
      const others = takenByOthers.get(request.articleId)!;
      for (let n = Math.max(0, generation.units - left); n < generation.units && need > 0; n += 1) {
        if (others.has(n) || have.includes(n)) continue;
        wanted.push({ request, n });
        need -= 1;
      }
      if (need > 0) return short();
    }
    if (wanted.length === 0) {
      const held = heldOf(requests, parts, mine);
      return { held, loose: mine.length > held.reduce((sum, line) => sum + line.unites.length, 0) };
    }
    const units = wanted.map(({ request, n }): stock.StockUnitDocument => ({ articleId: request.articleId, generation: parts.get(request.articleId)!.generation!.generation, n, orderId, paymentId, takenAt: Timestamp.fromDate(at), releasedAt: null }));
    if (await stock.createUnits(units)) {
      mine.push(...units);
      continue;
    }
    // Lost to another payment: which of the slots it took (one slot: that one).
    const existing = units.length === 1 ? [true] : await stock.unitsExist(units);
    existing.forEach((exists, index) => exists && takenByOthers.get(units[index]!.articleId)!.add(units[index]!.n));
  }
  throw new Error(`units of order ${orderId} not taken after ${MAX_ROUNDS} rounds`);
}

function heldOf(requests: readonly UnitRequest[], parts: Map<string, PartNow>, mine: stock.StockUnitDocument[]): HeldUnits[] {
  return requests.map((request) => {
    const { article, generation } = parts.get(request.articleId)!;
    const ns = mine
      .filter((unit) => unit.articleId === request.articleId && unit.generation === generation!.generation)
      .map((unit) => unit.n)
      .sort((a, b) => a - b)
      .slice(0, request.quantite);
    return {
      articleId: request.articleId,
      quantite: request.quantite,
      generation: generation!.generation,
      unites: ns.map((n) => stock.unitRef(request.articleId, generation!.generation, n).id),
      slots: generation!.units,
      last: ns.includes(generation!.units - 1),
      exact: article!.stock === undefined,
    };
  });
}

/**
 * In the order's transaction, among its reads: checks that the units are still of their part's
 * generation and answers the writes that sell them (`stale` when a generation moved on: the
 * payment takes its units again). Every line lowers `stock` by an increment, without reading the
 * listing, except the one holding the generation's last slot, which reads it and moves it to
 * `vendu` (`soldTo` the order) when no unit came back since its units were taken.
 */
export async function prepareUnitsSold(tx: Transaction, orderId: string, held: readonly HeldUnits[]): Promise<(() => void) | 'stale'> {
  const at = now();
  const current = await Promise.all(held.map((line) => stock.readGenerationIn(tx, line.articleId)));
  if (held.some((line, index) => current[index]?.generation !== line.generation)) return 'stale';
  const writes: Array<() => void> = [];
  for (const [index, line] of held.entries()) {
    if (!line.last && !line.exact) {
      writes.push(() => repository.lowerStockIn(tx, line.articleId, line.quantite, at));
      continue;
    }
    const article = await repository.readArticleIn(tx, line.articleId);
    if (!article) return 'stale';
    const left = stock.unitsOf(article.stock) - line.quantite;
    const sold = line.last && current[index]!.units === line.slots && listingMachine.next(article.statut, 'sell') !== undefined;
    const change: ListingChange = sold ? { fields: { stock: left, soldTo: orderId }, move: { event: 'sell' } } : { fields: { stock: left } };
    writes.push(await prepareUpdateIn(tx, line.articleId, article, change, at, { units: true }));
    if (sold) writes.push(() => stock.setGenerationIn(tx, line.articleId, { soldOut: true }, at));
  }
  return () => {
    for (const write of writes) write();
  };
}

/**
 * Gives back the units the payment holds beyond `kept` (those its order recorded): an order
 * cancelled or paid by another payment meanwhile, a part short while others were taken by an
 * earlier run, a second run of the same payment. Each part in a transaction of its own (rare:
 * never on the way of the payments racing for it): the units marked `releasedAt` once, as many new
 * slots at the top of the generation, and a listing sold out by orders back online.
 */
export async function giveBackUnits(paymentId: string, kept: readonly string[]): Promise<void> {
  const loose = (await stock.unitsOfPayment(paymentId)).filter(({ ref, unit }) => !unit.releasedAt && !kept.includes(ref.id));
  const articleIds = [...new Set(loose.map(({ unit }) => unit.articleId))];
  for (const articleId of articleIds) {
    const refs = loose.filter(({ unit }) => unit.articleId === articleId).map(({ ref }) => ref);
    await runTransaction(async (tx) => {
      const at = now();
      const [generation, article, units] = await Promise.all([stock.readGenerationIn(tx, articleId), repository.readArticleIn(tx, articleId), stock.readUnitsIn(tx, refs)]);
      const fresh = units.filter((unit) => unit.exists && !unit.data()!.releasedAt);
      const back = generation ? fresh.filter((unit) => unit.data()!.generation === generation.generation).length : 0;
      const restock = back > 0 && generation!.soldOut && article?.statut === 'vendu' && listingMachine.next(article.statut, 'restock') !== undefined;
      const relist = restock ? await prepareUpdateIn(tx, articleId, article!, { move: { event: 'restock' } }, at, { units: true }) : () => undefined;
      for (const unit of fresh) stock.releaseUnitIn(tx, unit.id, at);
      if (back > 0) stock.setGenerationIn(tx, articleId, { units: generation!.units + back, soldOut: false }, at);
      relist();
    });
  }
}

/**
 * The units of a paid order back in stock (in the cancel's transaction): `stock` and the
 * generation's slots up by `quantity` (the new units are new slots at the top, whatever the
 * generation the order's units were of), the order's units marked `releasedAt`, and a listing sold
 * out by orders (or by this order) back online. A listing deleted keeps nothing; one withdrawn
 * since keeps its state (its stock counts the units, nobody can buy them). Call among the reads;
 * the writer among the writes.
 */
export async function prepareStockReturn(tx: Transaction, id: string, quantity: number, orderId: string, unites: readonly string[] = []): Promise<() => void> {
  const article = await repository.readArticleIn(tx, id);
  if (!article || article.type !== 'piece') return () => undefined;
  const generation = await stock.readGenerationIn(tx, id);
  const at = now();
  const left = (article.stock ?? 0) + quantity;
  const restocked = (article.soldTo === orderId || generation?.soldOut) && listingMachine.next(article.statut, 'restock') !== undefined;
  const change: ListingChange = restocked ? { fields: { stock: left }, move: { event: 'restock' } } : { fields: { stock: left } };
  const write = await prepareUpdateIn(tx, id, article, change, at, { units: true });
  const ours = unites.filter((unit) => unit.startsWith(`${id}_`));
  return () => {
    write();
    if (generation) stock.setGenerationIn(tx, id, { units: generation.units + quantity, soldOut: false }, at);
    for (const unit of ours) stock.releaseUnitIn(tx, unit, at);
  };
}
