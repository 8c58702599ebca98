/**
 * What each payment type costs: a question payments asks the domain that sells the thing, before
 * any money moves. The selling domains depend on payments, not the reverse, so they answer through
 * this registry, filled at start-up by `src/payables.ts` (the composition root). A type nobody
 * registered cannot be paid.
 */
import type { PaymentType } from './model';

/** The amount due for the payment's target, or undefined when this payer cannot pay for it. */
export type AmountDue = (metadata: Record<string, string>, payer: string) => Promise<number | undefined>;

const registry = new Map<PaymentType, AmountDue>();

export function registerPayable(type: PaymentType, amountDue: AmountDue): void {
  registry.set(type, amountDue);
}

export async function amountDueFor(type: PaymentType, metadata: Record<string, string>, payer: string): Promise<number | undefined> {
  const amountDue = registry.get(type);
  return amountDue ? amountDue(metadata, payer) : undefined;
}
