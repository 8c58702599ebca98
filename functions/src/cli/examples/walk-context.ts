/** What the walk's steps share: the demo accounts, the ids earlier answers gave, and the walk's own sign-ins and payments. */
export interface WalkContext {
  /** The demo accounts' uids, by role (and the newcomer's, once signed up). */
  uids: Record<string, string>;
  /** Ids the steps hand to later ones. */
  ids: Record<string, string | undefined>;
  /** Signs a demo role in again (after a step that revokes its tokens). */
  refreshToken(role: string): Promise<void>;
  /** A payment the app made in the provider's own SDK (the local FeexPay's transaction), by its reference. */
  providerPayment(amount: number): string;
  /** Signs in an account that is not a demo one, under `name`. */
  signInAs(name: string, email: string, password: string): Promise<void>;
}
