import type { z } from 'zod';
import { db, runTransaction } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import type { SettingsPatch, UserSettings } from './schemas';

type Settings = z.output<typeof UserSettings>;
const settingsDoc = (uid: string) => db().collection(COLLECTIONS.userSettings).doc(uid);

export async function findSettings(uid: string): Promise<Partial<Settings> | undefined> {
  return (await settingsDoc(uid).get()).data() as Partial<Settings> | undefined;
}

/** The stored settings of several users in one round trip, in the order asked. */
export async function findSettingsOf(uids: string[]): Promise<Array<Partial<Settings> | undefined>> {
  if (uids.length === 0) return [];
  const snapshots = await db().getAll(...uids.map(settingsDoc));
  return snapshots.map((snapshot) => snapshot.data() as Partial<Settings> | undefined);
}

/** Applies a partial change over the stored settings (or the defaults) and returns the result. */
export async function updateSettings(
  uid: string,
  defaults: Settings,
  patch: z.output<typeof SettingsPatch>,
  updatedAt: Date,
): Promise<Settings> {
  const ref = settingsDoc(uid);
  return runTransaction(async (tx) => {
    const stored = ((await tx.get(ref)).data() ?? {}) as Partial<Settings>;
    const next: Settings = {
      language: patch.language ?? stored.language ?? defaults.language,
      currency: patch.currency ?? stored.currency ?? defaults.currency,
      notifications: { ...defaults.notifications, ...stored.notifications, ...patch.notifications },
    };
    tx.set(ref, { ...next, updatedAt });
    return next;
  });
}
