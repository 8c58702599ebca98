/** The identity domain's surface for other domains. */
export type { CodeIssue } from './registration';
export { type AgentAccountRequest, createAgentAccount } from './provisioning';
export { forwarderFileStatusWriter } from './forwarder-file-copy';
export { PushTokenRequest } from './schemas';
export { getUser, isProfilePhoto, markTelephoneProven, prunePushTokens, pushTokensOf, requireProvenTelephone, samePerson, telephoneOwners, usersAfter } from './service';
