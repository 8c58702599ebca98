/**
 * Invoices, issued once per paid order by the `order.paid` subscriber: id `commande_{orderId}`, a
 * number `FAC-YYYYMMDD-NNNN` taken from the day's counter (`invoiceCounters/{YYYYMMDD}`, the
 * business day of BUSINESS_TIME_ZONE) in the transaction that creates the invoice, so numbers
 * have no gap and no duplicate whatever runs in parallel. Parties, lines and totals are copied
 * when the invoice is issued, right after the payment.
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller } from '../../../core/auth';
import { businessDay, now } from '../../../core/clock';
import { config } from '../../../core/config';
import { ApiError } from '../../../core/errors';
import { runTransaction } from '../../../core/firebase';
import { collection, COLLECTIONS } from '../../../core/firestore';
import { type PageRequest, readPage, toPage } from '../../../core/pagination';
import { isAdminRole } from '../../../core/roles';
import { getUser } from '../../identity';
import { achats } from '../achats/service';
import { orders } from '../orders/service';
import { type InvoiceDocument, invoices, type Party } from './model';
import type { InvoiceListQuery } from './schemas';
import { invoiceViewFor, sellerPart } from './views';

export type { InvoiceDocument } from './model';

interface CounterDocument {
  last: number;
}

const counters = () => collection<CounterDocument>(COLLECTIONS.invoiceCounters);

async function party(uid: string): Promise<Party> {
  const user = await getUser(uid);
  return { uid, nom: user ? `${user.prenoms} ${user.nom}`.trim() : uid, telephone: user?.telephone ?? null };
}

type InvoiceContent = Omit<InvoiceDocument, 'numero' | 'acheteur' | 'vendeurs' | 'unreadBy' | 'issuedAt'>;

/** Issues the invoice of a paid order once; returns its number. */
export async function issueOrderInvoice(orderId: string): Promise<string | undefined> {
  const order = (await orders().doc(orderId).get()).data();
  if (!order || !order.paymentId || order.statut === 'pending') return undefined;
  return issueAndStore(`commande_${orderId}`, order.acheteur, order.vendeurs, {
    source: { kind: 'commande', id: orderId },
    lignes: order.lignes.map((line) => ({ designation: line.titre, vendeur: line.vendeur, quantite: line.quantite, prixUnitaire: line.prixUnitaire, montant: line.montant })),
    sousTotal: order.sousTotal,
    fraisLivraison: order.fraisLivraison,
    total: order.total,
    paymentId: order.paymentId,
    coursier: Boolean(order.demandeLivraison),
    parties: [order.acheteur, ...order.vendeurs],
    vendeurIds: order.vendeurs,
  });
}

/** Issues the invoice of a paid purchase of a listing once; returns its number. */
export async function issueAchatInvoice(achatId: string): Promise<string | undefined> {
  const achat = (await achats().doc(achatId).get()).data();
  if (!achat || !achat.paymentId || (achat.statut !== 'payee' && achat.statut !== 'remise')) return undefined;
  return issueAndStore(`achat_${achatId}`, achat.acheteur, [achat.vendeur], {
    source: { kind: 'achat', id: achatId },
    lignes: [{ designation: achat.articleTitre, vendeur: achat.vendeur, quantite: 1, prixUnitaire: achat.prix, montant: achat.prix }],
    sousTotal: achat.prix,
    fraisLivraison: achat.fraisLivraison ?? 0,
    total: achat.prix + (achat.fraisLivraison ?? 0),
    paymentId: achat.paymentId,
    coursier: Boolean(achat.demandeLivraison),
    parties: [achat.acheteur, achat.vendeur],
    vendeurIds: [achat.vendeur],
  });
}

/** Issues the invoice, then stores its PDF (once; a retried subscriber finds both done). */
async function issueAndStore(id: string, buyer: string, sellers: string[], content: InvoiceContent): Promise<string> {
  const numero = await issue(id, buyer, sellers, content);
  // Loaded when an invoice is issued or first downloaded, never at a function's cold start.
  await (await import('./pdf-store')).storeInvoicePdf(id);
  return numero;
}

async function issue(id: string, buyer: string, sellers: string[], content: InvoiceContent): Promise<string> {
  const [acheteur, ...vendeurs] = await Promise.all([party(buyer), ...sellers.map(party)]);
  const ref = invoices().doc(id);
  return runTransaction(async (tx) => {
    const existing = (await tx.get(ref)).data();
    if (existing) return existing.numero;
    const at = now();
    const day = businessDay(at, config().BUSINESS_TIME_ZONE).replaceAll('-', '');
    const counterRef = counters().doc(day);
    const last = (await tx.get(counterRef)).data()?.last ?? 0;
    const numero = `FAC-${day}-${String(last + 1).padStart(4, '0')}`;
    tx.set(counterRef, { last: last + 1 });
    tx.create(ref, { ...content, numero, acheteur, vendeurs, unreadBy: content.parties, issuedAt: Timestamp.fromDate(at) });
    return numero;
  });
}

export async function myInvoices(caller: ProfileCaller, query: z.output<typeof InvoiceListQuery>, page: PageRequest) {
  const base = query.side === 'vendeur' ? invoices().where('vendeurIds', 'array-contains', caller.uid) : query.side === 'acheteur' ? invoices().where('acheteur.uid', '==', caller.uid) : invoices().where('parties', 'array-contains', caller.uid);
  const { docs, total } = await readPage(base.orderBy('issuedAt', 'desc'), page);
  // The caller's own invoices only: each read as its buyer, or as one of its sellers (its part).
  return toPage(page, docs.map((doc) => invoiceViewFor(doc.id, doc.data(), caller.uid, false)), total);
}

/** An invoice its buyer or sellers read, and admins (`asAdmin`: the reads, never the read marks); anyone else: not found. */
async function readInvoiceDocument(caller: ProfileCaller, id: string, asAdmin: boolean): Promise<InvoiceDocument> {
  const invoice = (await invoices().doc(id).get()).data();
  if (!invoice || !(invoice.parties.includes(caller.uid) || (asAdmin && isAdminRole(caller.role)))) throw new ApiError('INVOICE_NOT_FOUND');
  return invoice;
}

export async function readInvoice(caller: ProfileCaller, id: string) {
  return invoiceViewFor(id, await readInvoiceDocument(caller, id, true), caller.uid, isAdminRole(caller.role));
}

export async function markRead(caller: ProfileCaller, id: string) {
  await readInvoiceDocument(caller, id, false);
  await invoices().doc(id).update({ unreadBy: FieldValue.arrayRemove(caller.uid) });
  return readInvoice(caller, id);
}

/** Marks up to 400 of the caller's unread invoices read; `hasMore` says to call again. */
export async function markAllRead(caller: ProfileCaller) {
  const unread = await invoices().where('unreadBy', 'array-contains', caller.uid).limit(401).get();
  const batch = unread.docs.slice(0, 400);
  await Promise.all(batch.map((doc) => doc.ref.update({ unreadBy: FieldValue.arrayRemove(caller.uid) })));
  return { marked: batch.length, hasMore: unread.docs.length > 400 };
}

/**
 * The PDF: the stored file (the whole invoice) for its buyer and admins; for a seller, its part,
 * rendered at each download and never stored (the stored file names every seller). A PDF a
 * superAdmin deleted answers DOCUMENT_DELETED to everyone.
 */
export async function invoicePdf(caller: ProfileCaller, id: string): Promise<{ numero: string; bytes: Uint8Array }> {
  const invoice = await readInvoiceDocument(caller, id, true);
  // Loaded by the first download, not at cold start.
  const store = await import('./pdf-store');
  const whole = isAdminRole(caller.role) || invoice.acheteur.uid === caller.uid;
  return { numero: invoice.numero, bytes: whole ? await store.storedInvoicePdf(id, invoice) : await store.sellerInvoicePdf(invoice, sellerPart(invoice, caller.uid)) };
}

/** `document.deleted` of an invoice's PDF: the invoice keeps the mark, and its PDF route answers DOCUMENT_DELETED. Idempotent. */
export async function markInvoicePdfDeleted(id: string, deletedBy: string, deletedAt: Date): Promise<void> {
  const ref = invoices().doc(id);
  await runTransaction(async (tx) => {
    const invoice = (await tx.get(ref)).data();
    if (!invoice?.pdf || invoice.pdf.deletedAt) return;
    tx.update(ref, { 'pdf.deletedAt': Timestamp.fromDate(deletedAt), 'pdf.deletedBy': deletedBy });
  });
}
