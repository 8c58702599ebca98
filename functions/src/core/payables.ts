/**
 * What each payment type costs: a question payments asks the domain that sells the thing, before
 * any money moves. The selling domains depend on payments, not the reverse, so each declares its
 * answers in its module (`payables`, core/module.ts) and the composition root hands them all here
 * (src/payables.ts). A type nobody declared cannot be paid.
 */
import { type DeliveredEvent, subscriber, type Subscriber } from './events';
import type { AmountDue } from './module';

let payables = new Map<string, AmountDue>();

/** Replaces the answers (the composition root, once per process; a test with its own). */
export function usePayables(answers: ReadonlyMap<string, AmountDue>): void {
  payables = new Map(answers);
}

/** The amount due for the payment's target, or undefined when this payer cannot pay for it (or nobody sells the type). */
export async function amountDueFor(type: string, metadata: Record<string, string>, payer: string): Promise<number | undefined> {
  const amountDue = payables.get(type);
  return amountDue ? amountDue(metadata, payer) : undefined;
}

export function hasPayables(): boolean {
  return payables.size > 0;
}

/**
 * What a paid type gives: the selling module's reaction to the success of a payment of the types
 * it sells (its `payables`). Dispatch runs it for those types only (the subscriber's `only`
 * filter): no reaction tests the type itself, and the other payments cost it no run.
 * src/subscribers.ts refuses a reaction to a type its module does not sell, and a type sold
 * without exactly one reaction. Here, beside the costs, because the selling domains sit below and
 * above payments alike.
 */
export function onPaid(name: string, types: readonly string[], handle: (event: DeliveredEvent<'payment.succeeded'>) => Promise<void>): Subscriber {
  return subscriber(name, 'payment.succeeded', handle, { field: 'type', values: types });
}
