/** The transit domain's surface for other domains. */
export { cancelJourneys } from './service';
export { isIdentityCard } from './verification/service';
export { findMission } from './repository';
