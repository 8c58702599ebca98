/**
 * Advertisements (paid boosts of a listing): asked by the listing's seller at the admin price,
 * paid through the payments flow (`markPaid`), activated or rejected by admins, expired by the
 * hourly job. A boost and the listing flag it sets always change in one transaction.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { audit } from '../../../core/audit';
import { now } from '../../../core/clock';
import { emit } from '../../../core/events';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { type PageRequest, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { COLLECTIONS, isoOrNull } from '../../../core/firestore';
import { publiciteMachine, refundMachine } from './machine';
import { FLAG_OF, type PubliciteDocument } from './model';
import type { PubliciteReviewed } from '../events';
import * as repository from './repository';
import type { PubPricing, Publicite, PubliciteRequest } from './schemas';
import { getArticle, getArticles } from '../listing-view';
import { isPublic } from '../visibility';

const DAY_MS = 86_400_000;
type PubliciteView = z.input<typeof Publicite>;
type Pricing = z.output<typeof PubPricing>;

export function toPublicite(id: string, pub: PubliciteDocument): PubliciteView {
  return {
    id,
    articleId: pub.articleId,
    vendeur: pub.vendeur,
    typePub: pub.typePub,
    duree: pub.duree,
    prixParJour: pub.prixParJour,
    montant: pub.montant,
    statut: pub.statut,
    motifRejet: pub.motifRejet,
    paymentId: pub.paymentId,
    remboursement: pub.remboursement,
    dateDebut: isoOrNull(pub.dateDebut),
    dateFin: isoOrNull(pub.dateFin),
    createdAt: pub.createdAt.toDate().toISOString(),
  };
}

export async function getPricing(): Promise<Pricing> {
  const stored = await repository.findPricing();
  return {
    sponsoriseParJour: stored?.sponsoriseParJour ?? config().PUB_PRICE_SPONSORISE_PER_DAY,
    aLaUneParJour: stored?.aLaUneParJour ?? config().PUB_PRICE_A_LA_UNE_PER_DAY,
  };
}

export async function setPricing(caller: ProfileCaller, pricing: Pricing): Promise<Pricing> {
  const defaults = { sponsoriseParJour: config().PUB_PRICE_SPONSORISE_PER_DAY, aLaUneParJour: config().PUB_PRICE_A_LA_UNE_PER_DAY };
  await repository.savePricing(pricing, caller, now(), defaults);
  return pricing;
}

export async function requestPublicite(caller: ProfileCaller, input: z.output<typeof PubliciteRequest>): Promise<PubliciteView> {
  const article = await getArticle(input.articleId);
  if (!article) throw new ApiError('ARTICLE_NOT_FOUND');
  if (article.vendeur !== caller.uid) throw new ApiError('NOT_OWNER');
  if (!isPublic(article, now())) throw new ApiError('ARTICLE_NOT_ONLINE');
  const pricing = await getPricing();
  const prixParJour = input.typePub === 'a_la_une' ? pricing.aLaUneParJour : pricing.sponsoriseParJour;
  const at = Timestamp.fromDate(now());
  const created = await repository.createPublicite({
    articleId: input.articleId,
    vendeur: caller.uid,
    typePub: input.typePub,
    duree: input.duree,
    prixParJour,
    montant: prixParJour * input.duree,
    motifRejet: null,
    paymentId: null,
    remboursement: null,
    dateDebut: null,
    dateFin: null,
    createdAt: at,
    updatedAt: at,
  });
  return toPublicite(created.id, created.pub);
}

/** Its payment succeeded: called by the payments flow, once or many times for the same payment. */
/**
 * The effect of a successful `publicite` payment: the boost becomes `payee`, once. A boost paid by
 * another payment already, refused, or gone keeps its state and the money is marked for refund.
 */
export async function markPaid(id: string, paymentId: string): Promise<void | { refund: string }> {
  const at = now();
  let refund: string | undefined;
  await repository
    .mutatePublicite(
      id,
      (pub, _article, _otherActive, tx) => {
        refund = undefined; // the transaction may run this again
        if (pub.paymentId === paymentId) return { pub: {} };
        const paid = publiciteMachine.tryMove(tx, { id, from: pub.statut, event: 'pay', at, history: pub.history ?? [] });
        if (paid) return { pub: { ...paid, paymentId } };
        refund = pub.paymentId ? 'advertisement already paid' : 'advertisement no longer awaits payment';
        return { pub: {} };
      },
      at,
    )
    .catch((error: unknown) => {
      if (!(error instanceof ApiError && error.code === 'PUBLICITE_NOT_FOUND')) throw error;
      refund = 'advertisement not found';
    });
  return refund ? { refund } : undefined;
}

/** An admin starts a paid boost (`by`: the admin, for its history; the demo seed has none). */
export async function activate(id: string, by?: string): Promise<PubliciteView> {
  const at = now();
  let titre = '';
  const updated = await repository.mutatePublicite(
    id,
    (pub, article, _otherActive, tx) => {
      publiciteMachine.decide(pub.statut, 'activate');
      if (!article || !isPublic(article, at)) throw new ApiError('ARTICLE_NOT_ONLINE');
      titre = article.titre;
      const moved = publiciteMachine.move(tx, { id, from: pub.statut, event: 'activate', at, by, history: pub.history ?? [] });
      return {
        pub: { ...moved, dateDebut: Timestamp.fromDate(at), dateFin: Timestamp.fromMillis(at.getTime() + pub.duree * DAY_MS) },
        article: { [FLAG_OF[pub.typePub]]: true },
      };
    },
    at,
    (tx, next) => emitReview(tx, id, next, { decision: 'active', titre, dateFin: next.dateFin!.toDate().toISOString(), motif: null, rembourse: false }),
  );
  return toPublicite(id, updated);
}

export async function reject(caller: ProfileCaller, id: string, motif: string): Promise<PubliciteView> {
  const at = now();
  let titre = '';
  let before: PubliciteDocument['statut'] | undefined;
  const updated = await repository.mutatePublicite(
    id,
    (pub, article, _otherActive, tx) => {
      titre = article?.titre ?? '';
      before = pub.statut;
      const moved = publiciteMachine.move(tx, { id, from: pub.statut, event: 'reject', at, by: caller.uid, reason: motif, history: pub.history ?? [] });
      return {
        pub: {
          ...moved,
          motifRejet: motif,
          // A paid boost that will not run is owed back; the refund itself is the payments flow's.
          remboursement: pub.statut === 'payee' ? { montant: pub.montant, ...refundMachine.start(tx, { id, to: 'a_rembourser', at, by: caller.uid, reason: motif }) } : null,
        },
      };
    },
    at,
    (tx, next) => {
      emitReview(tx, id, next, { decision: 'rejected', titre, dateFin: null, motif, rembourse: next.remboursement !== null });
      // A paid boost rejected is money owed back: the admin's decision is audited with it.
      audit(tx, {
        actor: caller,
        action: 'publicite.rejected',
        target: { collection: COLLECTIONS.publicites, id },
        before: { statut: before },
        after: { statut: next.statut, remboursement: next.remboursement },
        reason: motif,
        context: { montant: next.montant },
      });
      // The payment's own refund mark (and with it the take-back of the revenue and of the
      // agent's commission) follows from the outbox: a crash after this commit loses nothing.
      if (next.remboursement && next.paymentId) {
        const at = next.updatedAt.toDate().toISOString();
        emit(tx, 'publicite.refund_due', id, { publiciteId: id, vendeur: next.vendeur, paymentId: next.paymentId, montant: next.remboursement.montant, motif, at }, { inline: true });
      }
    },
  );
  return toPublicite(id, updated);
}

/** An admin decision on a boost, said with the change with the listing's title (its seller is told, tells.ts); one event per decision. */
function emitReview(tx: Transaction, id: string, pub: PubliciteDocument, review: Pick<PubliciteReviewed, 'decision' | 'titre' | 'dateFin' | 'motif' | 'rembourse'>): void {
  const at = pub.updatedAt.toDate();
  emit(tx, 'publicite.reviewed', `${id}_${at.getTime()}`, { publiciteId: id, vendeur: pub.vendeur, ...review, at: at.toISOString() });
}

/**
 * The hourly job: ends the boosts whose window is over and clears the listing flag unless another
 * running boost of the same kind still holds it. Idempotent: a boost already ended is skipped.
 */
export async function expireEnded(batchSize = 100): Promise<{ expired: number }> {
  const at = now();
  const due = await repository.listActive(at, { page: 1, limit: batchSize, offset: 0 });
  let expired = 0;
  for (const { id } of due.items) {
    await repository.mutatePublicite(
      id,
      (pub, _article, otherActive, tx) => {
        if (pub.statut !== 'active' || !pub.dateFin || pub.dateFin.toMillis() > at.getTime()) return { pub: {} };
        expired += 1;
        return {
          pub: publiciteMachine.move(tx, { id, from: pub.statut, event: 'expire', at, history: pub.history ?? [] }),
          article: otherActive > 0 ? undefined : { [FLAG_OF[pub.typePub]]: false },
        };
      },
      at,
    );
  }
  return { expired };
}

export async function listMine(caller: ProfileCaller, page: PageRequest) {
  const result = await repository.listPublicites({ vendeur: caller.uid }, page);
  return toPage(page, result.items.map(({ id, pub }) => toPublicite(id, pub)), result.total);
}

export async function listAll(filters: { statut?: string; typePub?: string }, page: PageRequest) {
  const result = await repository.listPublicites(filters, page);
  return toPage(page, result.items.map(({ id, pub }) => toPublicite(id, pub)), result.total);
}

/**
 * Running boosts for everyone. A listing leaving public view ends its boosts in the same
 * transaction; this list also leaves out any boost whose listing is not in public view (a part
 * whose seller's access ended before the hourly job ran, one left running by older code), so it
 * never gives away the id of a hidden listing. It reads the page's
 * listings: at most a page more.
 */
export async function listRunning(page: PageRequest) {
  const result = await repository.listActive(undefined, page);
  const at = now();
  const listings = await getArticles(result.items.map(({ pub }) => pub.articleId));
  const shown = result.items.filter(({ pub }) => {
    const article = listings.get(pub.articleId);
    return article !== undefined && isPublic(article, at);
  });
  return toPage(page, shown.map(({ id, pub }) => toPublicite(id, pub)), result.total);
}

export async function viewPublicite(caller: ProfileCaller, id: string): Promise<PubliciteView> {
  const pub = await repository.findPublicite(id);
  if (!pub) throw new ApiError('PUBLICITE_NOT_FOUND');
  if (pub.vendeur !== caller.uid && !isAdminRole(caller.role)) throw new ApiError('NOT_OWNER');
  return toPublicite(id, pub);
}

/** What a seller owes for a boost it asked for, or undefined when there is nothing to pay. */
export async function amountDueForPublicite(id: string, payer: string): Promise<number | undefined> {
  const pub = await repository.findPublicite(id);
  if (!pub || pub.vendeur !== payer || pub.statut !== 'en_attente') return undefined;
  return pub.montant;
}
