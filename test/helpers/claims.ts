/** Races decided by a claim (core/claims): the claim documents, and a winner's transaction held open. */
import { claimId } from '../../functions/src/core/claims';
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';
import { until } from './feexpay';

type DocumentReference = FirebaseFirestore.DocumentReference;

export const claimRef = (scope: string, key: string, generation: number | string) => db().collection(COLLECTIONS.claims).doc(claimId(scope, key, generation));
export const claimDoc = async (scope: string, key: string, generation: number | string) => (await claimRef(scope, key, generation).get()).data();

/** Waits (5 s at most) until the claim exists; answers whether it does. */
export async function claimed(scope: string, key: string, generation: number | string): Promise<boolean> {
  return (await until(() => claimDoc(scope, key, generation), (claim) => claim !== undefined)) !== undefined;
}

/**
 * A transaction that read `ref` and stays open until `release`: on the emulator (as on Firestore
 * with its locks) no other transaction that read `ref` commits a write meanwhile, so a winner's
 * transaction on `ref` waits, and the test sees what the other users are answered while it waits.
 */
export async function holdRead(ref: DocumentReference): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let read!: () => void;
  const hasRead = new Promise<void>((resolve) => (read = resolve));
  const held = db().runTransaction(async (tx) => {
    await tx.get(ref);
    read();
    await gate;
  });
  await hasRead;
  return {
    release: async () => {
      open();
      await held;
    },
  };
}
