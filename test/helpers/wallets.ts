/**
 * A wallet as stored, read the way a reader of the database adds it up (functions/src/domains/wallet/shards.ts): the
 * document `wallets/{uid}` (base balance, debt) plus the balance of each of its shards
 * (`wallets/{uid}/balanceShards/{n}`).
 */
import { db } from '../../functions/src/core/firebase';
import { COLLECTIONS } from '../../functions/src/core/firestore';

export interface StoredWallet {
  /** The document's balance plus every shard's. */
  balance: number;
  /** The document's held money plus every shard's: sales not handed over yet. */
  held: number;
  debt: number;
  /** The document's own `balance`. */
  base: number;
  /** Each shard's balance, by shard id. */
  shards: Record<string, number>;
  exists: boolean;
}

export async function storedWallet(uid: string): Promise<StoredWallet> {
  const ref = db().collection(COLLECTIONS.wallets).doc(uid);
  const [wallet, shards] = await Promise.all([ref.get(), ref.collection(COLLECTIONS.walletShards).get()]);
  const parts = Object.fromEntries(shards.docs.map((shard) => [shard.id, (shard.get('balance') as number | undefined) ?? 0]));
  const heldParts = shards.docs.reduce((sum, shard) => sum + ((shard.get('held') as number | undefined) ?? 0), 0);
  const base = (wallet.get('balance') as number | undefined) ?? 0;
  const held = ((wallet.get('held') as number | undefined) ?? 0) + heldParts;
  return { balance: base + Object.values(parts).reduce((sum, part) => sum + part, 0), held, debt: (wallet.get('debt') as number | undefined) ?? 0, base, shards: parts, exists: wallet.exists };
}

/** Empties a wallet's balance (document and shards) as a test's set-up, leaving its entries. */
export async function zeroWallet(uid: string): Promise<void> {
  const ref = db().collection(COLLECTIONS.wallets).doc(uid);
  const shards = await ref.collection(COLLECTIONS.walletShards).get();
  await Promise.all([ref.set({ balance: 0, held: 0, debt: 0 }, { merge: true }), ...shards.docs.map((shard) => shard.ref.delete())]);
}
