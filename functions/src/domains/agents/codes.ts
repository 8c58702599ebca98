/**
 * Agents' referral codes: 8 characters of an alphabet without the look-alikes 0/O, 1/I/L, so a
 * code read aloud or copied from paper is typed right (31^8, about 850 billion codes). Uniqueness
 * is the identity transaction's: `referralCodes/{CODE}` is created with the account, and a taken
 * code is drawn again. Tests replace the drawer to force collisions.
 */
import { randomInt } from 'node:crypto';

export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

function randomCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

let drawer: () => string = randomCode;

export function drawReferralCode(): string {
  return drawer();
}

export function setCodeDrawer(next: () => string): void {
  drawer = next;
}

export function resetCodeDrawer(): void {
  drawer = randomCode;
}
