/** The wallet domain's surface for other domains. */
export { balanceOf, type Entry, record } from './service';
