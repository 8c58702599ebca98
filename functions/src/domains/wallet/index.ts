/** The wallet domain's surface for other domains. */
export { type Entry, entryId, entriesIn, entriesOfPayment, MAX_ENTRIES_PER_PAYMENT, PLATFORM_WALLET_ID, type Posting, reversalOf } from './ledger';
export { ENTRY_TYPES, type EntryType } from './entry-types';
export { preparePostings, record, writeBooks } from './postings';
export { balanceOf, summaryOf } from './views';
export { bucketOf, HELD_ENTRY_TYPES, type HeldEntryType } from './buckets';
export { entriesPage, walletsInDebt, walletsPage, type WalletState, walletState } from './debts';
