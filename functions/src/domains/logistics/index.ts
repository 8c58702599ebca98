/** The logistics domain's surface for other domains. */
export { findTricycleContact, type TricycleContactView } from './tricycles/lookup';
