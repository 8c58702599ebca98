/**
 * Identity rules: sign-up from a telephone account, profiles and who sees what, and the admin's
 * moderation (block, role). Other domains read users through `getUser` and `publicProfileOf`.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { z } from 'zod';
import type { ProfileCaller, TokenCaller } from '../../core/auth';
import { audit } from '../../core/audit';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import { storedPathOf } from '../../adapters/storage/paths';
import { ApiError } from '../../core/errors';
import { auth } from '../../core/firebase';
import { COLLECTIONS } from '../../core/firestore';
import { type PageRequest, toPage } from '../../core/pagination';
import { appOfRole, isAdminRole, type Role, SELF_SIGNUP_ROLES } from '../../core/roles';
import { normalizeTelephone, syntheticEmail } from '../geo';
import { newUserDocument, searchNameOf, type UserDocument, type UserListFilters } from './model';
import * as profiles from './profiles';
import * as pushTokens from './push-tokens';
import * as registration from './registration';
import * as telephones from './telephones';
import type { PublicProfile, RegisterRequest, UpdateMeRequest, UserProfile } from './schemas';

type Profile = z.input<typeof UserProfile>;
type Public = z.input<typeof PublicProfile>;

export function toProfile(id: string, user: UserDocument): Profile {
  return {
    id,
    telephone: user.telephone,
    email: user.email,
    nom: user.nom,
    prenoms: user.prenoms,
    role: user.role,
    app: user.app,
    pays: user.pays,
    dialCode: user.dialCode,
    nationalNumber: user.nationalNumber,
    isBlocked: user.isBlocked,
    photoUrl: user.photoUrl ?? null,
    ville: user.ville ?? null,
    vendeurType: user.vendeurType,
    typeAgent: user.typeAgent,
    referralCode: user.referralCode,
    referredBy: user.referredBy,
    transitaireVerification: user.transitaireVerification,
    telephoneVerifie: user.telephoneVerifie === true,
    telephoneVerifieAt: user.telephoneVerifieAt ? user.telephoneVerifieAt.toDate().toISOString() : null,
    createdAt: user.createdAt.toDate().toISOString(),
    updatedAt: user.updatedAt.toDate().toISOString(),
  };
}

export function publicProfileOf(id: string, user: UserDocument): Public {
  return { id, nom: user.nom, prenoms: user.prenoms, role: user.role, photoUrl: user.photoUrl ?? null, ville: user.ville ?? null };
}

export async function getUser(uid: string): Promise<UserDocument | undefined> {
  return profiles.findUser(uid);
}

/**
 * Whether two accounts belong to one person: the same account, or the same telephone (one number
 * has a buyer account and a pro account, but one owner). Rules such as "no buying one's own
 * listing" hold across both apps.
 */
export async function samePerson(uid: string, otherUid: string): Promise<boolean> {
  if (uid === otherUid) return true;
  const [user, other] = await Promise.all([profiles.findUser(uid), profiles.findUser(otherUid)]);
  return Boolean(user?.telephone && user.telephone === other?.telephone);
}

/**
 * Sign-up. The token proves the caller owns the identity-provider account; its email must be the
 * synthetic email of this telephone on the app of the chosen role, which is what keeps the two
 * apps' accounts of one number apart and stops a buyer login from taking a pro role.
 */
export async function register(caller: TokenCaller, input: z.output<typeof RegisterRequest>): Promise<Profile> {
  if (!(SELF_SIGNUP_ROLES as readonly Role[]).includes(input.role)) throw new ApiError('ROLE_NOT_SELF_ASSIGNABLE');
  const telephone = normalizeTelephone(input.telephone, input.pays);
  if (telephone.pays !== input.pays) throw new ApiError('INVALID_TELEPHONE');
  const app = appOfRole(input.role);
  const email = caller.email ?? '';
  if (email !== syntheticEmail(telephone, app)) {
    const otherApp = app === 'buyer' ? 'pro' : 'buyer';
    throw new ApiError(email === syntheticEmail(telephone, otherApp) ? 'ROLE_APP_MISMATCH' : 'EMAIL_TELEPHONE_MISMATCH');
  }
  if (input.vendeurType && input.role !== 'vendeur') {
    throw new ApiError('VALIDATION_ERROR', [{ field: 'body.vendeurType', reason: 'not_allowed', hint: 'Only sellers have a vendeurType.' }]);
  }
  const user = newUserDocument({
    telephone,
    email,
    nom: input.nom,
    prenoms: input.prenoms,
    role: input.role,
    extras: { vendeurType: input.vendeurType },
  });
  return toProfile(caller.uid, await registration.createUser(caller.uid, user, { referralCode: input.referralCode }));
}

export function me(caller: ProfileCaller): Profile {
  return toProfile(caller.uid, caller.profile as UserDocument);
}

/** The user itself and admins see everything; everyone else the public profile. */
export async function viewUser(caller: ProfileCaller, id: string): Promise<Profile | Public> {
  const user = id === caller.uid ? (caller.profile as UserDocument) : await profiles.findUser(id);
  if (!user) throw new ApiError('USER_NOT_FOUND');
  return id === caller.uid || isAdminRole(caller.role) ? toProfile(id, user) : publicProfileOf(id, user);
}

export async function updateMe(caller: ProfileCaller, patch: z.output<typeof UpdateMeRequest>): Promise<Profile> {
  const updated = await profiles.mutateUser(caller.uid, (current) => {
    const nom = patch.nom ?? current.nom;
    const prenoms = patch.prenoms ?? current.prenoms;
    // The stored file behind the photo, if it is one of ours: the upload clean-up keeps it.
    const photo = patch.photoUrl !== undefined ? { photoPath: storedPathOf(patch.photoUrl) } : {};
    return { ...patch, ...photo, searchName: searchNameOf(nom, prenoms) };
  });
  // The buyers' list shows a forwarder's name and photo: transit subscribes to user.changed.
  return toProfile(caller.uid, updated);
}

export async function listUsers(filters: { role?: Role; isBlocked?: boolean; q?: string }, page: PageRequest) {
  const result = await profiles.listUsers(toListFilters(filters), page);
  return toPage(
    page,
    result.items.map(({ id, user }) => toProfile(id, user)),
    result.total,
  );
}

/** `q` is a telephone when it is made of digits (and an optional +), a name prefix otherwise. */
function toListFilters({ q, ...rest }: { role?: Role; isBlocked?: boolean; q?: string }): UserListFilters {
  if (!q) return rest;
  const digits = q.replace(/[\s.-]/g, '');
  if (/^\+\d+$/.test(digits)) {
    try {
      return { ...rest, telephone: normalizeTelephone(digits).e164 };
    } catch {
      return { ...rest, telephone: digits };
    }
  }
  if (/^\d+$/.test(digits)) return { ...rest, nationalNumber: digits };
  return { ...rest, namePrefix: searchNameOf(q, '') };
}

/** Admins cannot moderate themselves, and only a superAdmin touches admin-level accounts. */
function assertMayModerate(caller: ProfileCaller, targetId: string, targetRole: Role): void {
  if (targetId === caller.uid) throw new ApiError('CANNOT_MODERATE_SELF');
  if (isAdminRole(targetRole) && caller.role !== 'superAdmin') throw new ApiError('ADMIN_ROLE_REQUIRES_SUPER_ADMIN');
}

/**
 * Blocking takes effect at once: every request reads the flag, and the refresh tokens are
 * revoked so the apps cannot mint new ID tokens (current ones are refused as revoked).
 */
export async function setBlocked(caller: ProfileCaller, id: string, blocked: boolean, motif?: string): Promise<Profile> {
  const updated = await profiles.mutateUser(
    id,
    (current) => {
      assertMayModerate(caller, id, current.role);
      return blocked
        ? { isBlocked: true, blocked: { motif, by: caller.uid, at: Timestamp.fromDate(now()) } }
        : { isBlocked: false };
    },
    (tx, current, next) =>
      audit(tx, {
        actor: caller,
        action: blocked ? 'user.blocked' : 'user.unblocked',
        target: { collection: COLLECTIONS.users, id },
        before: { isBlocked: current.isBlocked === true },
        after: { isBlocked: next.isBlocked === true },
        reason: blocked ? (motif ?? null) : null,
        context: { role: current.role },
      }),
  );
  if (blocked) await auth().revokeRefreshTokens(id);
  // A blocked forwarder leaves the buyers' list and its missions in progress: transit subscribes to user.changed.
  return toProfile(id, updated);
}

export async function changeRole(caller: ProfileCaller, id: string, role: Role): Promise<Profile> {
  const updated = await profiles.mutateUser(
    id,
    (current) => {
      assertMayModerate(caller, id, current.role);
      if (isAdminRole(role) && caller.role !== 'superAdmin') throw new ApiError('ADMIN_ROLE_REQUIRES_SUPER_ADMIN');
      if (appOfRole(role) !== current.app) throw new ApiError('ROLE_APP_MISMATCH');
      return { role };
    },
    (tx, current, next) =>
      audit(tx, { actor: caller, action: 'user.role_changed', target: { collection: COLLECTIONS.users, id }, before: { role: current.role }, after: { role: next.role } }),
  );
  // No longer a forwarder: transit unlists it and hands its missions back (user.changed).
  return toProfile(id, updated);
}

/** Whether a stored file is someone's profile photo (the upload clean-up asks). */
export async function isProfilePhoto(path: string): Promise<boolean> {
  return profiles.anyUserWith('photoPath', path);
}

export async function registerPushToken(caller: ProfileCaller, token: string, platform: 'android' | 'ios' | 'web') {
  const device = await pushTokens.upsertPushToken(caller.uid, token, platform, config().PUSH_TOKENS_MAX_PER_USER);
  return { id: device.id, platform: device.platform, lastSeenAt: device.lastSeenAt.toDate().toISOString() };
}

export async function removePushToken(caller: ProfileCaller, token: string) {
  return { removed: await pushTokens.removePushToken(caller.uid, token) };
}

export function pushTokensOf(uid: string): Promise<string[]> {
  return pushTokens.listPushTokens(uid, config().PUSH_TOKENS_MAX_PER_USER);
}

/** Drops tokens the push service reported as dead. */
export function prunePushTokens(uid: string, tokens: string[]): Promise<void> {
  return pushTokens.removePushTokens(uid, tokens);
}

/**
 * Records that the account proved its telephone (the caller checked the code), once: the first
 * proof sets the flag and its date and emits `user.phone_verified` in the same transaction; a
 * later one changes nothing and says so.
 */
export function markTelephoneProven(uid: string): Promise<{ verifiedNow: boolean; verifiedAt: Date }> {
  return telephones.markTelephoneProven(uid, now());
}

/**
 * Refuses a caller whose profile, as read for this request, has not proven its telephone
 * (403 PHONE_NOT_VERIFIED). Work that shows another user's exact place (a driver's accept) or brings
 * offers of it (a courier online) needs one person behind one SIM (DOMAIN.md, "Proven people"): a
 * self-registered account per SIM costs nothing, a proven one needs that SIM's code.
 */
export function requireProvenTelephone(caller: ProfileCaller): void {
  if (caller.profile.telephoneVerifie !== true) throw new ApiError('PHONE_NOT_VERIFIED');
}

export function telephoneOwners(e164: string) {
  return telephones.telephoneOwners(e164);
}

/** A page of a walk over the users (of a role, or all), in id order; broadcasts use it. */
export function usersAfter(role: Role | undefined, afterUid: string | null, limit: number) {
  return profiles.usersAfter(role, afterUid, limit);
}
