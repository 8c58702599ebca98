/** A referred seller's advertisement requests, counted for its agent. */
import { Timestamp } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import type { EventCatalog } from '../../../core/events';
import { runTransaction } from '../../../core/firebase';
import { tallyRef, writeDay, writeTotals } from '../repository';
import { dayOf, referralOf } from './sign-ups';

type PubliciteRequested = EventCatalog['publicite.requested'];

/** A referred seller asked for an advertisement, paid or not (`campagnesDemandees`), counted once. */
export async function recordCampaignRequest(request: PubliciteRequested): Promise<void> {
  const referral = await referralOf(request.vendeur);
  if (!referral) return;
  const tally = tallyRef(`campagne_demandee_${request.publiciteId}`);
  const at = now();
  await runTransaction(async (tx) => {
    if ((await tx.get(tally)).exists) return;
    tx.create(tally, { agentId: referral.referrerId, createdAt: Timestamp.fromDate(at) });
    writeDay(tx, referral.referrerId, dayOf(new Date(request.requestedAt)), { campagnesDemandees: 1 }, {}, at);
    writeTotals(tx, referral.referrerId, { campagnesDemandees: 1 }, at);
  });
}
