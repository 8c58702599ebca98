/**
 * What several domains' example steps share: the newcomer the walk signs up, the smallest files
 * the uploads accept, reading a stored file back by its link, ordering the demo part, paying by
 * mobile money through the local FeexPay, and reading a one-time code from the local messaging
 * channel. Each speaks to the service by its routes only, so that a step uses no other domain's code.
 */
import { db } from '../firebase';
import { COLLECTIONS } from '../firestore';
import type { ExampleAnswer, ExampleRecorder } from './walk';

/** The account the walk signs up (a forwarder that sends its papers later), so that no demo account is the one blocked. */
export const NEWCOMER = { telephone: '+2290190000011', email: 'pro_2290190000011@users.marketplace.invalid', password: 'Demo-2026!' };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A smallest JPEG-looking file (its type is read from its first bytes). */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
/** The newest one-time code the local messaging channel recorded for `telephone`. */
export async function lastCodeSentTo(telephone: string): Promise<string> {
  const sent = await db().collection(COLLECTIONS.localMessages).where('to', '==', telephone).get();
  const newest = sent.docs.map((doc) => doc.data()).sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0];
  return String(newest?.code ?? '000000');
}

/** Reads a stored file back through the route that serves its kind of path. */
export async function readBack(recorder: ExampleRecorder, url: string, caller: string): Promise<void> {
  const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '');
  const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
  const patterns: Array<[RegExp, string, string[]]> = [
    [/^\/api\/upload\/files\/([^/]+)\/([^/]+)$/, 'GET /api/upload/files/{kind}/{name}', ['kind', 'name']],
    [/^\/api\/upload\/kyc\/([^/]+)$/, 'GET /api/upload/kyc/{name}', ['name']],
    [/^\/api\/upload\/signed\/([^/]+)\/([^/]+)\/([^/]+)$/, 'GET /api/upload/signed/{area}/{folder}/{name}', ['area', 'folder', 'name']],
    [/^\/api\/upload\/signed\/([^/]+)\/([^/]+)$/, 'GET /api/upload/signed/{area}/{name}', ['area', 'name']],
  ];
  for (const [pattern, key, names] of patterns) {
    const match = pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1])]));
    await recorder.call(key, caller, { params, ...(Object.keys(query).length ? { query } : {}) });
    return;
  }
}

/** Near the Ganhi market, Cotonou: where the demo buyer has its parts delivered. */
export const BUYER_ADDRESS = { ville: 'Cotonou', details: 'Près du marché Ganhi', position: { latitude: 6.359, longitude: 2.433 } };
/** A payer number the local FeexPay accepts at once (numbers ending in 1 fail, in 2 stay pending). */
const PAYER = '+2290197000003';

/** Pays `montant` of `type` by mobile money, then waits for the sandbox's callback to settle it. */
export async function payByMobileMoney(recorder: ExampleRecorder, caller: string, type: string, montant: number, metadata: Record<string, string>): Promise<string | undefined> {
  const started = await recorder.call('POST /api/payments/requesttopay/{network}', caller, { params: { network: 'mtn' }, body: { type, montant, metadata, telephone: PAYER } });
  const id = started.body?.data?.paymentId as string | undefined;
  if (!id) return undefined;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const status = await recorder.call('GET /api/payments/{id}', caller, { params: { id }, quiet: true });
    if (status.body?.data?.statut && status.body.data.statut !== 'pending') break;
    await sleep(100);
  }
  return id;
}

/** A new order of the demo part by the demo buyer, delivered or not. */
export async function orderPart(recorder: ExampleRecorder, part: string, delivered: boolean): Promise<{ id: string; total: number } | undefined> {
  const answer: ExampleAnswer = await recorder.call('POST /api/orders', 'acheteur', {
    body: { items: [{ articleId: part, quantite: 1 }], livraison: delivered, ...(delivered ? { adresseLivraison: BUYER_ADDRESS } : {}) },
  });
  const data = answer.body?.data as { id?: string; total?: number } | undefined;
  return data?.id && data.total !== undefined ? { id: data.id, total: data.total } : undefined;
}
