/** The wallet domain's surface for other domains. */
export { record } from './service';
