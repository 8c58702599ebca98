/** The identity domain's surface for other domains. */
export type { CodeIssue } from './repository';
export { type AgentAccountRequest, createAgentAccount } from './provisioning';
export { verificationStatusWriter } from './repository';
export { PushTokenRequest } from './schemas';
export { getUser, isProfilePhoto, markTelephoneProven, prunePushTokens, pushTokensOf, requireProvenTelephone, samePerson, telephoneOwners, usersAfter } from './service';
