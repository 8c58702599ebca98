/** The wallet domain's surface for other domains. */
export {
  balanceOf,
  type Entry,
  entryId,
  entriesIn,
  entriesOfPayment,
  type EntryType,
  ENTRY_TYPES,
  MAX_ENTRIES_PER_PAYMENT,
  PLATFORM_WALLET_ID,
  type Posting,
  preparePostings,
  record,
  reversalOf,
  summaryOf,
  writeBooks,
} from './service';
export { bucketOf, HELD_ENTRY_TYPES, type HeldEntryType } from './buckets';
export { entriesPage, walletsInDebt, walletsPage, type WalletState, walletState } from './debts';
