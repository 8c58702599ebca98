/**
 * One referral sign-up bonus per person (DOMAIN.md, Fair exchange, "Proven people": "A telephone is one
 * person across both apps: one referral bonus per telephone"). One SIM may hold a buyer account and a
 * pro account, each signed up with a code (the same agent's or two agents'); the first of them proven
 * earns its agent `referral_signup`, the other earns nobody anything (`meme_personne`).
 *
 * The person's bonus is a tally with a deterministic id, `agentTallies/referral_signup_person_{e164}`
 * (the telephone as identity stored it, normalized at sign-up: the same string on both apps), read
 * and then created in the transaction that credits the bonus: of two accounts of one telephone
 * proving at the same moment, one transaction commits the tally with its credit, the other finds it
 * when it runs again (and a create that still met it would fail, crediting nothing). Accounts paid
 * before this rule (at sign-up, without a tally) are found by their earning.
 */
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { now } from '../../../core/clock';
import { telephoneOwners } from '../../identity';
import { earningId, type TallyDocument } from '../model';
import { earningRef, tallyRef } from '../repository';

/** The person of a referred account: its telephone and its other accounts (the other app's), found outside the transaction. */
export interface Person {
  telephone: string;
  otherAccounts: string[];
}

export async function personOf(uid: string, telephone: string): Promise<Person> {
  const owners = await telephoneOwners(telephone);
  return { telephone, otherAccounts: Object.values(owners).filter((owner) => owner !== uid) };
}

const personTally = (telephone: string) => tallyRef(`referral_signup_person_${telephone}`);

/** Who earned the person's sign-up bonus: nobody yet, the account asking, or another account of its telephone. */
export type BonusHolder = 'nobody' | 'this' | 'other';

/**
 * In `tx`, among its reads: who earned the person's sign-up bonus (its tally names the account; before
 * the tally, another account's earning says it was that one).
 */
export async function personBonusHolder(tx: Transaction, uid: string, person: Person): Promise<BonusHolder> {
  const [tally, earnings] = await Promise.all([
    tx.get(personTally(person.telephone)),
    Promise.all(person.otherAccounts.map((other) => tx.get(earningRef(earningId('referral_signup', other))))),
  ]);
  if (tally.exists) return tally.data()?.referredId === uid ? 'this' : 'other';
  return earnings.some((earning) => earning.exists) ? 'other' : 'nobody';
}

/** In `tx`, after its reads, when nobody held it: the person's bonus is `uid`'s, earned for `agentId` (a create: a second one fails). */
export function claimPersonBonus(tx: Transaction, uid: string, agentId: string, person: Person): void {
  const tally: TallyDocument = { agentId, referredId: uid, createdAt: Timestamp.fromDate(now()) };
  tx.create(personTally(person.telephone), tally);
}
