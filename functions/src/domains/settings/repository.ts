import type { z } from 'zod';
import type { Timestamp } from 'firebase-admin/firestore';
import { runTransaction } from '../../core/firebase';
import { collection, COLLECTIONS, getAll } from '../../core/firestore';
import type { SettingsPatch, UserSettings } from './schemas';

type Settings = z.output<typeof UserSettings>;
/** `userSettings/{uid}`: what the user chose (the rest is the defaults); `updatedAt` is written as a Date. */
type StoredSettings = Partial<Settings> & { updatedAt?: Timestamp | Date };
const settingsDoc = (uid: string) => collection<StoredSettings>(COLLECTIONS.userSettings).doc(uid);

export async function findSettings(uid: string): Promise<Partial<Settings> | undefined> {
  return (await settingsDoc(uid).get()).data();
}

/** The stored settings of several users in one round trip, in the order asked. */
export async function findSettingsOf(uids: string[]): Promise<Array<Partial<Settings> | undefined>> {
  return (await getAll(uids.map(settingsDoc))).map((snapshot) => snapshot.data());
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
    const stored = (await tx.get(ref)).data() ?? {};
    const next: Settings = {
      language: patch.language ?? stored.language ?? defaults.language,
      currency: patch.currency ?? stored.currency ?? defaults.currency,
      notifications: { ...defaults.notifications, ...stored.notifications, ...patch.notifications },
    };
    tx.set(ref, { ...next, updatedAt });
    return next;
  });
}
