/**
 * What each payment type costs, answered by the domain that sells it (its module's `payables`):
 * handed to core/payables.ts, which payments asks. The apps install them when they are built
 * (app.ts); each answer imports its domain's code on its first question.
 */
import type { AmountDue } from './core/module';
import { hasPayables, usePayables } from './core/payables';
import { MODULES } from './modules';

/** Unless a list was handed already (by a test, for one); a type sold by two modules is a mistake, refused here. */
export function installPayables(): void {
  if (hasPayables()) return;
  const answers = new Map<string, AmountDue>();
  for (const module of MODULES) {
    for (const [type, amountDue] of Object.entries(module.payables ?? {})) {
      if (answers.has(type)) throw new Error(`The payment type "${type}" is sold by two modules`);
      answers.set(type, amountDue);
    }
  }
  usePayables(answers);
}
