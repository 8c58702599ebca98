/**
 * Proof of an account's telephone: a code sent to the number of the caller's profile over the
 * one-time code channel (the messaging channel; push only when PHONE_PROOF_PUSH_FALLBACK is on),
 * with the machinery of password resets (HMAC only, TTL, attempts per code and per day, resend
 * throttle), in its own records (`phoneProofs/{uid}`). The right code marks the profile proven
 * through identity, which emits `user.phone_verified` once.
 */
import type { ProfileCaller } from '../../core/auth';
import { ApiError } from '../../core/errors';
import type { Language } from '../../core/i18n';
import { getUser, markTelephoneProven } from '../identity';
import { type Account, checkCode, giveBack, sendCode } from './otp-service';

async function accountOf(caller: ProfileCaller): Promise<Account> {
  const user = await getUser(caller.uid);
  if (!user) throw new ApiError('USER_NOT_FOUND');
  if (user.telephoneVerifie) throw new ApiError('TELEPHONE_ALREADY_VERIFIED');
  return { key: caller.uid, uid: caller.uid, app: user.app, e164: user.telephone, purpose: 'phone' };
}

export async function requestPhoneProof(caller: ProfileCaller, language: Language) {
  return sendCode(await accountOf(caller), language);
}

/**
 * Checks the code and marks the telephone proven. The code is used up in the check's transaction,
 * so of two calls with it at once one proves; the other, finding the code used but the telephone
 * proven, answers the same proof (`verifiedNow: false`) instead of an error.
 */
export async function verifyPhoneProof(caller: ProfileCaller, otp: string) {
  const user = await getUser(caller.uid);
  if (!user) throw new ApiError('USER_NOT_FOUND');
  if (user.telephoneVerifie && user.telephoneVerifieAt) {
    return { telephone: user.telephone, telephoneVerifie: true as const, telephoneVerifieAt: user.telephoneVerifieAt.toDate().toISOString(), verifiedNow: false };
  }
  try {
    await checkCode(caller.uid, otp, true, 'phone');
  } catch (error) {
    const now = error instanceof ApiError && error.code === 'OTP_USED' ? await getUser(caller.uid) : undefined;
    if (now?.telephoneVerifie && now.telephoneVerifieAt) {
      return { telephone: now.telephone, telephoneVerifie: true as const, telephoneVerifieAt: now.telephoneVerifieAt.toDate().toISOString(), verifiedNow: false };
    }
    throw error;
  }
  let proof: Awaited<ReturnType<typeof markTelephoneProven>>;
  try {
    proof = await markTelephoneProven(caller.uid);
  } catch (error) {
    // Not proven after all: the code is given back for another try.
    await giveBack(caller.uid, 'phone');
    throw error;
  }
  return { telephone: user.telephone, telephoneVerifie: true as const, telephoneVerifieAt: proof.verifiedAt.toISOString(), verifiedNow: proof.verifiedNow };
}
