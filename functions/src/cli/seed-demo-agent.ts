/**
 * The demo agent's history for `npm start`: the demo seller as its referral, and its last three
 * business days with prospects, demonstrations, a subscription sold (its commission) and the
 * presence bonus, so its dashboard and the leaderboards show something. Every write is made once:
 * earnings by their ids, the other counters behind a tally of the day.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { businessDay, now } from '../core/clock';
import { config } from '../core/config';
import { runTransaction } from '../core/firebase';
import { credit } from '../domains/agents/earnings';
import { agentRef, tallyRef, writeDay, writeTotals } from '../domains/agents/repository';
import { recordReferral } from '../domains/agents/referrals/sign-ups';
import { markTelephoneProven } from '../domains/identity';

const DAY_MS = 86_400_000;

export async function seedAgentHistory(agent: { uid: string }, seller: { uid: string }, referralCode: string): Promise<void> {
  const settings = config();
  const agentId = agent.uid;
  // An agent provisioned by the operator tool has no record yet: its type goes on the leaderboards.
  await agentRef(agentId).set({ typeAgent: 'Market_pro', zone: 'Cotonou - Dantokpa', referralCode, updatedAt: Timestamp.fromDate(now()) }, { merge: true });
  // The demo seller proved its telephone: the referral pays its agent (docs/guides/agents.md, "Referral money waits for the telephone proof").
  await markTelephoneProven(seller.uid);
  await recordReferral({ uid: seller.uid, role: 'vendeur', app: 'pro', referrerId: agentId, referralCode, registeredAt: new Date(now().getTime() - 3 * DAY_MS).toISOString() });
  for (let back = 2; back >= 0; back -= 1) {
    const dateKey = businessDay(new Date(now().getTime() - back * DAY_MS), settings.BUSINESS_TIME_ZONE);
    await runTransaction(async (tx) => {
      const tally = tallyRef(`demo_agent_day_${agentId}_${dateKey}`);
      const [done, record] = await Promise.all([tx.get(tally), tx.get(agentRef(agentId))]);
      if (done.exists) return;
      tx.create(tally, { agentId, createdAt: Timestamp.fromDate(now()) });
      const counted = { prospectsApproached: 6 + back * 4, demonstrations: 3 - back };
      writeDay(tx, agentId, dateKey, counted, { zone: 'Cotonou - Dantokpa' }, now(), record.data()?.typeAgent ?? null);
      writeTotals(tx, agentId, counted);
    });
    await runTransaction((tx) =>
      credit(tx, {
        agentId,
        type: 'commission_subscription',
        reference: `demo-subscription-${dateKey}`,
        montant: 500,
        description: 'Commission : abonnement d’un filleul (démo)',
        dateKey,
        sourceUserId: seller.uid,
        day: { abonnementsVendus: 1 },
        totals: { abonnementsVendus: 1 },
      }),
    );
    await runTransaction((tx) =>
      credit(tx, {
        agentId,
        type: 'daily_presence',
        reference: `${agentId}_${dateKey}`,
        montant: settings.AGENT_DAILY_PRESENCE_BONUS_XOF,
        description: `Bonus de présence du ${dateKey}`,
        dateKey,
        dayFields: { zoneLocation: { lat: 6.3654, lng: 2.4183 }, locatedAt: Timestamp.fromDate(now()) },
      }),
    );
  }
  console.log('  the demo agent has three days of history and the demo seller as referral: see its dashboard and GET /api/agents/leaderboard');
}
