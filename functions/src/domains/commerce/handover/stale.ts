/**
 * Sales nobody handed over (DOMAIN.md, "Fair exchange": "A sale whose handover nobody confirmed stays
 * held; after HANDOVER_REMINDER_DAYS both parties are reminded and admins see it in a list of stale
 * handovers; an admin releases or refunds it"). The daily job finds the paid sales past that many
 * days, marks each `rappelRemise` and says so (`sale.handover_stale`: the buyer and the sellers are
 * reminded, once); admins list the marked ones still waiting, and decide each with the sale's admin
 * route (an order's `delivered` or `cancelled`, a purchase's `remise` or `annulee`; a sale a courier
 * carries, through its delivery), graded and audited there. Bounded: a page per run and per list.
 */
import { type Query, Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { now } from '../../../core/clock';
import { config } from '../../../core/config';
import { emit } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { achats, toAchat } from '../achats/service';
import { orders, toOrder } from '../orders/service';
import type { StaleQuery } from './schemas';

/** Statuses in which a paid sale still waits for its handover. */
export const WAITING = { commande: ['paid', 'processing', 'shipped'], achat: ['payee'] } as const;

/** Sales one run reminds at most, the oldest first; the next run takes the rest. */
const PER_RUN = 200;
const DAY_MS = 24 * 3_600_000;

/** The paid sales of `kind` still waiting, reminded (`true`) or not, the oldest payment first. */
function waiting(kind: 'commande' | 'achat', reminded: boolean): Query {
  const collection = kind === 'commande' ? orders() : achats();
  return (collection as Query).where('statut', 'in', [...WAITING[kind]]).where('rappelRemise', '==', reminded).orderBy('payeLe', 'asc');
}

export async function remindStaleHandovers(): Promise<{ reminded: number }> {
  const at = now();
  const cutoff = Timestamp.fromMillis(at.getTime() - config().HANDOVER_REMINDER_DAYS * DAY_MS);
  let reminded = 0;
  for (const kind of ['commande', 'achat'] as const) {
    const due = await waiting(kind, false).where('payeLe', '<=', cutoff).limit(PER_RUN).get();
    for (const doc of due.docs) {
      const done = await runTransaction(async (tx) => {
        const sale = (await tx.get(doc.ref)).data() as { statut: string; rappelRemise?: boolean; acheteur: string; vendeurs?: string[]; vendeur?: string; payeLe?: Timestamp } | undefined;
        if (!sale || sale.rappelRemise || !(WAITING[kind] as readonly string[]).includes(sale.statut)) return false;
        tx.update(doc.ref, { rappelRemise: true });
        const vendeurs = sale.vendeurs ?? (sale.vendeur ? [sale.vendeur] : []);
        emit(tx, 'sale.handover_stale', `${kind}_${doc.id}`, { vente: { kind, id: doc.id }, acheteur: sale.acheteur, vendeurs, payeLe: sale.payeLe?.toDate().toISOString() ?? at.toISOString(), at: at.toISOString() });
        return true;
      });
      if (done) reminded += 1;
    }
  }
  return { reminded };
}

/** Admin levels: the stale sales of `vente` still waiting for their handover, the oldest payment first. */
export async function staleHandovers(query: z.output<typeof StaleQuery>, page: PageRequest) {
  const { docs, total } = await readPage(waiting(query.vente, true), page);
  if (query.vente === 'commande') return toPage(page, docs.map((doc) => ({ vente: 'commande' as const, commande: toOrder(doc.id, doc.data() as never), achat: null })), total);
  return toPage(page, docs.map((doc) => ({ vente: 'achat' as const, commande: null, achat: toAchat(doc.id, doc.data() as never) })), total);
}
