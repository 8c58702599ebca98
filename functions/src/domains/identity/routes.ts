import { z } from 'zod';
import { ApiRouter, type ConditionalRoleRule } from '../../core/http';
import { pagedReads } from '../../core/read-ceiling';
import { accountKey, AUTH_ACCOUNT_RATE_LIMIT, AUTH_RATE_LIMIT, telephoneKey } from '../../core/rate-limit';
import { e164Of } from '../geo';
import { assertHumanOnWeb } from './captcha';
import { pageRequest } from '../../core/pagination';
import { ADMIN_ROLES } from '../../core/roles';
import {
  BlockRequest,
  PublicProfile,
  PushDevice,
  PushTokenParams,
  PushTokenRequest,
  RegisterRequest,
  RoleChangeRequest,
  UpdateMeRequest,
  UserIdParams,
  UserListQuery,
  UserProfile,
} from './schemas';
import * as identity from './service';
import { USER_LIMITS } from '../../core/user-limits';

/** Blocking or unblocking an admin is a superAdmin's (identity/service.ts, assertMayModerate). */
const MODERATING_AN_ADMIN: ConditionalRoleRule = { roles: ['superAdmin'], when: 'the user is of an admin level', code: 'ADMIN_ROLE_REQUIRES_SUPER_ADMIN' };

export const router = new ApiRouter()
  .json({
    method: 'post',
    path: '/api/auth/register',
    operationId: 'registerProfile',
    headers: ['X-Captcha-Token'],
    tags: ['Authentication'],
    summary: 'Creates the profile of the identity-provider account in the token',
    description:
      'Bearer token of the account the client just created with the synthetic email of the telephone. ' +
      'From the web client (X-Client-Platform: web) an X-Captcha-Token is required when CAPTCHA_ENABLED.',
    access: 'token',
    // A web sign-up has no dashboard session yet; it passes the captcha instead.
    webSessionExempt: true,
    rateLimit: AUTH_RATE_LIMIT,
    // Per account and per telephone as well as per address: an address is the client's to change.
    keyedRateLimit: {
      policy: AUTH_ACCOUNT_RATE_LIMIT,
      per: 'account and per telephone',
      keys: ({ caller, body }) => [accountKey(caller.uid), telephoneKey(e164Of(body.telephone, body.pays))],
    },
    body: RegisterRequest,
    errors: [
      'CAPTCHA_FAILED',
      'ROLE_APP_MISMATCH',
      'ROLE_NOT_SELF_ASSIGNABLE',
      'EMAIL_TELEPHONE_MISMATCH',
      'INVALID_TELEPHONE',
      'UNSUPPORTED_COUNTRY',
      'REFERRAL_CODE_INVALID',
      'ALREADY_REGISTERED',
      'TELEPHONE_TAKEN',
      'SELF_REFERRAL',
    ],
    success: { status: 201, description: 'The new profile', data: UserProfile },
    handle: async ({ caller, body, req }) => {
      await assertHumanOnWeb(req);
      return identity.register(caller, body);
    },
  })
  .json({
    method: 'get',
    path: '/api/protected/me',
    operationId: 'getMyProfile',
    tags: ['Users'],
    summary: 'Profile of the caller',
    description: 'The caller’s own profile with everything the service keeps of it (role, telephone, flags), as GET /api/users/{id} shows it to the user itself. Apps read it after signing in; an account with no profile yet is 403 PROFILE_REQUIRED (POST /api/auth/register creates it).',
    access: 'profile',
    success: { description: 'The caller’s profile', data: UserProfile },
    handle: async ({ caller }) => identity.me(caller),
  })
  .json({
    method: 'patch',
    path: '/api/users/me',
    operationId: 'updateMyProfile',
    tags: ['Users'],
    summary: 'Updates the caller’s names, photo or city',
    description: 'Any of `nom`, `prenoms`, `photoUrl` (an https URL; null removes it) and `ville` (null clears it), at least one. The role, the telephone and the flags are not the caller’s to change: they are unknown fields here. Answers the whole profile.',
    access: 'profile',
    body: UpdateMeRequest,
    success: { description: 'The updated profile', data: UserProfile },
    handle: ({ caller, body }) => identity.updateMe(caller, body),
  })
  .json({
    method: 'post',
    path: '/api/users/me/push-tokens',
    operationId: 'addMyPushToken',
    tags: ['Users'],
    summary: 'Registers a device token for push notifications',
    description: 'Several devices per user; past PUSH_TOKENS_MAX_PER_USER the least recently seen is dropped. Registering again refreshes it.',
    access: 'profile',
    body: PushTokenRequest,
    success: { description: 'The registered device', data: PushDevice },
    handle: ({ caller, body }) => identity.registerPushToken(caller, body.token, body.platform),
  })
  .json({
    method: 'delete',
    path: '/api/users/me/push-tokens/:token',
    operationId: 'removeMyPushToken',
    tags: ['Users'],
    summary: 'Removes a device token (at logout)',
    description: 'Apps call it at logout, so that the device no longer receives the user’s pushes. `removed` is false when the caller had no such token (removing it twice is not an error).',
    access: 'profile',
    params: PushTokenParams,
    success: { description: 'Whether a token was removed', data: z.object({ removed: z.boolean() }) },
    handle: ({ caller, params }) => identity.removePushToken(caller, params.token),
  })
  .json({
    method: 'get',
    path: '/api/users/:id',
    operationId: 'getUser',
    tags: ['Users'],
    summary: 'A user: everything for the user itself and admins, the public profile for others',
    access: 'profile',
    params: UserIdParams,
    errors: ['USER_NOT_FOUND'],
    success: { description: 'The user', data: z.union([UserProfile, PublicProfile]) },
    handle: ({ caller, params }) => identity.viewUser(caller, params.id),
  })
  .list({
    method: 'get',
    path: '/api/users',
    operationId: 'listUsers',
    tags: ['Users (admin)'],
    summary: 'Lists and searches users',
    description: 'Newest first; with `q`, by name prefix (alphabetical) or exact telephone.',
    access: 'profile',
    reads: pagedReads(),
    roles: ADMIN_ROLES,
    userRateLimit: USER_LIMITS.search,
    query: UserListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of users', item: UserProfile },
    handle: ({ query }) => identity.listUsers(query, pageRequest(query)),
  })
  .json({
    method: 'patch',
    path: '/api/users/:id/block',
    operationId: 'blockUser',
    tags: ['Users (admin)'],
    summary: 'Blocks a user: refused at once, refresh tokens revoked',
    access: 'profile',
    roles: ADMIN_ROLES,
    conditionalRoles: [MODERATING_AN_ADMIN],
    params: UserIdParams,
    body: BlockRequest,
    errors: ['USER_NOT_FOUND', 'CANNOT_MODERATE_SELF', 'ADMIN_ROLE_REQUIRES_SUPER_ADMIN'],
    success: { description: 'The blocked user', data: UserProfile },
    handle: ({ caller, params, body }) => identity.setBlocked(caller, params.id, true, body?.motif),
  })
  .json({
    method: 'patch',
    path: '/api/users/:id/unblock',
    operationId: 'unblockUser',
    tags: ['Users (admin)'],
    summary: 'Unblocks a user',
    description: 'The user’s requests are accepted again; the ID tokens the block revoked stay refused, so its apps sign in again. An admin cannot unblock itself (CANNOT_MODERATE_SELF), and only a superAdmin unblocks an admin level (ADMIN_ROLE_REQUIRES_SUPER_ADMIN). The change enters the audit trail (`user.unblocked`).',
    access: 'profile',
    roles: ADMIN_ROLES,
    conditionalRoles: [MODERATING_AN_ADMIN],
    params: UserIdParams,
    errors: ['USER_NOT_FOUND', 'CANNOT_MODERATE_SELF', 'ADMIN_ROLE_REQUIRES_SUPER_ADMIN'],
    success: { description: 'The unblocked user', data: UserProfile },
    handle: ({ caller, params }) => identity.setBlocked(caller, params.id, false),
  })
  .json({
    method: 'patch',
    path: '/api/users/:id/role',
    operationId: 'changeUserRole',
    tags: ['Users (admin)'],
    summary: 'Changes the role of a user within its app',
    description: 'Admin-level roles are granted and removed by a superAdmin only. Agents are created by POST /api/agents.',
    access: 'profile',
    roles: ADMIN_ROLES,
    conditionalRoles: [{ roles: ['superAdmin'], when: 'the user’s current role or the new one is an admin level', code: 'ADMIN_ROLE_REQUIRES_SUPER_ADMIN' }],
    params: UserIdParams,
    body: RoleChangeRequest,
    errors: ['USER_NOT_FOUND', 'CANNOT_MODERATE_SELF', 'ADMIN_ROLE_REQUIRES_SUPER_ADMIN', 'ROLE_APP_MISMATCH'],
    success: { description: 'The user with its new role', data: UserProfile },
    handle: ({ caller, params, body }) => identity.changeRole(caller, params.id, body.role),
  });
