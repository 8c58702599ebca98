/**
 * The scripted part of the walk: the writes, in an order where each step's ids come from earlier
 * answers (the demo's listing, order, delivery, chat room...). Reads nobody wrote a step for are
 * tried before and after by walk-reads.ts with the ids the answers gave.
 */
import type { Recorder } from './recorder';
import type { WalkContext } from './walk-context';
import { walkAccounts, walkAdminSettings } from './walk-accounts';
import { walkCatalog } from './walk-catalog';
import { walkFairExchange } from './walk-fair-exchange';
import { walkCommerce } from './walk-commerce';
import { walkLogistics } from './walk-logistics';
import { walkAgents, walkTransit } from './walk-transit';

export type { WalkContext } from './walk-context';

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
