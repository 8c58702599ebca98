/** The wallet domain's surface for other domains. */
export { balanceOf, type Entry, ENTRY_TYPES, record, summaryOf } from './service';
