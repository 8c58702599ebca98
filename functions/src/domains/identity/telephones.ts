/**
 * An account's telephone: the uniqueness markers written at sign-up (`telephones/{app}_{e164}`, one
 * account per number and app) and the proof that the owner receives messages there.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { ApiError } from '../../core/errors';
import { emit } from '../../core/events';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS, getAll } from '../../core/firestore';
import type { App } from '../../core/roles';
import { users } from './profiles';

/** `telephones/{app}_{e164}`: the account holding a number on an app (older markers have no date). */
interface TelephoneMarker {
  uid: string;
  createdAt?: Timestamp;
}

export const telephones = () => collection<TelephoneMarker>(COLLECTIONS.telephones);
export const telephoneKey = (app: App, e164: string) => `${app}_${e164}`;

/** The telephone proof, once: see service.markTelephoneProven. */
export async function markTelephoneProven(uid: string, at: Date): Promise<{ verifiedNow: boolean; verifiedAt: Date }> {
  const ref = users().doc(uid);
  return runTransaction(async (tx) => {
    const user = (await tx.get(ref)).data();
    if (!user) throw new ApiError('USER_NOT_FOUND');
    if (user.telephoneVerifie && user.telephoneVerifieAt) return { verifiedNow: false, verifiedAt: user.telephoneVerifieAt.toDate() };
    const stamp = Timestamp.fromDate(at);
    tx.update(ref, { telephoneVerifie: true, telephoneVerifieAt: stamp, updatedAt: stamp });
    emit(tx, 'user.phone_verified', uid, {
      uid,
      role: user.role,
      app: user.app,
      referrerId: user.referredBy?.agentId ?? null,
      verifiedAt: at.toISOString(),
    });
    return { verifiedNow: true, verifiedAt: at };
  });
}

/** Which account holds a telephone on each app (the uniqueness markers written at sign-up). */
export async function telephoneOwners(e164: string): Promise<Partial<Record<App, string>>> {
  const markers = [telephones().doc(telephoneKey('buyer', e164)), telephones().doc(telephoneKey('pro', e164))];
  const [buyer, pro] = (await getAll(markers)).map((marker) => marker.data()?.uid);
  return { ...(buyer ? { buyer } : {}), ...(pro ? { pro } : {}) };
}

