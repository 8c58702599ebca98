/** The transit domain's surface for other domains. */
export { findMission } from './repository';
