/**
 * Who may call a route (with `roles` and `agentTypes`, all the router checks; core/access-matrix.ts
 * derives from them the answer every kind of caller gets, and the role matrix test holds the router
 * to it):
 * - `public`: anyone; a token is not read.
 * - `optional`: anyone; a token, when sent, is verified (a bad one 401, a blocked user's revoked one
 *   403 USER_BLOCKED) and its caller handed to the handler.
 * - `token`: a valid ID token, profile optional (sign-up).
 * - `profile`: a registered, unblocked user, of `roles` when given.
 */
export type Access = 'public' | 'optional' | 'token' | 'profile';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'optional', 'token', 'profile'];
