/** The settings domain's surface for other domains. */
export { NOTIFICATION_CATEGORIES } from './schemas';
export { getSettings, settingsOf } from './service';
