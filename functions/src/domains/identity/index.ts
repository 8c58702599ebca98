/** The identity domain's surface for other domains. */
export { PushTokenRequest } from './schemas';
export { getUser, isProfilePhoto, prunePushTokens, pushTokensOf, samePerson, telephoneOwners, usersAfter } from './service';
