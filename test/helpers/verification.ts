/** Verification requests for the tests: paid the way a buyer pays, and reports uploaded the way admins do. */
import type { FeexPaySandbox } from '../../functions/src/dev/feexpay-sandbox';
import type { TestUser } from './accounts';
import { api, bearer } from './api';

/** A small but real PDF (one empty page). */
export const REPORT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Starts the verification payment of a listing through mobile money (the sandbox keeps it pending). */
export async function startVerificationPayment(buyer: TestUser, articleId: string) {
  return (await api())
    .post('/api/payments/requesttopay/mtn')
    .set(bearer(buyer.token))
    .send({ type: 'verification', montant: 20_000, metadata: { articleId }, telephone: '+2290197000002' });
}

/** Pays the verification of a listing: FeexPay says it succeeded and calls the webhook. The request's id (the payment's). */
export async function payVerification(buyer: TestUser, articleId: string, sandbox: FeexPaySandbox): Promise<string> {
  const started = await startVerificationPayment(buyer, articleId);
  expect(started.status).toBe(201);
  const { reference, paymentId } = started.body.data as { reference: string; paymentId: string };
  sandbox.transactions.get(reference)!.status = 'SUCCESSFUL';
  const callback = await (await api()).post(`/api/payments/webhook?secret=${process.env.FEEXPAY_CALLBACK_SECRET}`).send({ reference });
  expect(callback.body.data).toEqual({ received: true, statut: 'success' });
  return paymentId;
}

export async function uploadReport(admin: TestUser, articleId: string, body: Buffer = REPORT_PDF) {
  return (await api()).post(`/api/verification/admin/requests/${articleId}/rapport`).set(bearer(admin.token)).set('Content-Type', 'application/pdf').send(body);
}

export async function setStatus(admin: TestUser, articleId: string, body: Record<string, unknown>) {
  return (await api()).patch(`/api/verification/admin/requests/${articleId}/statut`).set(bearer(admin.token)).send(body);
}

/** Uploads the report and attaches it: every open request of the listing `rapport_disponible`. */
export async function attachReport(admin: TestUser, articleId: string) {
  const upload = await uploadReport(admin, articleId);
  expect(upload.status).toBe(201);
  const moved = await setStatus(admin, articleId, { statut: 'rapport_disponible', rapportId: upload.body.data.rapportId });
  expect(moved.status).toBe(200);
  return moved.body.data as { moved: Array<{ id: string; statut: string }> };
}
