/**
 * The scripted part of the walk: the writes, in an order where each step's ids come from earlier
 * answers (the demo's listing, order, delivery, chat room...). Reads nobody wrote a step for are
 * tried before and after by walk-reads.ts with the ids the answers gave.
 */
import type { Recorder } from './recorder';
import { walkAccounts, walkAdminSettings } from './walk-accounts';
import { walkCatalog } from './walk-catalog';
import { walkFairExchange } from './walk-fair-exchange';
import { walkCommerce } from './walk-commerce';
import { walkLogistics } from './walk-logistics';
import { walkAgents, walkTransit } from './walk-transit';

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

export async function walkFlows(recorder: Recorder, context: WalkContext): Promise<void> {
  await walkAccounts(recorder, context);
  await walkCatalog(recorder, context);
  await walkCommerce(recorder, context);
  await walkFairExchange(recorder, context);
  await walkLogistics(recorder, context);
  await walkTransit(recorder, context);
  await walkAgents(recorder, context);
  await walkAdminSettings(recorder);
}
