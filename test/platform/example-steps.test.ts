/**
 * The example steps `npm run examples` walks (issue 35: "Each domain declares its example steps
 * beside its routes"): each domain's examples.ts is declared by its manifest (modules.test.ts),
 * and the one walk order (functions/src/cli/examples/walk-steps.ts) names every declared step once
 * and nothing else, so that a domain's new step cannot be left out of the recording unnoticed.
 */
import type { DomainModule } from '../../functions/src/core/module';
import { declaredSteps, orderedSteps, WALK_ORDER } from '../../functions/src/cli/examples/walk-steps';
import { MODULES } from '../../functions/src/modules';

const noop = async () => undefined;

describe('the walk of the example steps', () => {
  it('runs every step the manifests declare, once each, in the listed order', async () => {
    const declared = await declaredSteps();
    const ordered = await orderedSteps();
    expect(ordered).toEqual(WALK_ORDER.map(([domain, step]) => declared.get(`${domain}/${step}`)));
    expect(new Set(ordered).size).toBe(declared.size);
  });

  it('starts with the health check and finds the demo listings before the steps that order and deliver them', () => {
    const names = WALK_ORDER.map(([domain, step]) => `${domain}/${step}`);
    expect(names[0]).toBe('health/home');
    for (const later of ['commerce/orders', 'payments/otherWaysToPay', 'commerce/fairExchange', 'logistics/deliveries', 'transit/journeys']) {
      expect(names.indexOf('catalog/sellerListings')).toBeLessThan(names.indexOf(later));
    }
  });

  it('refuses a step a domain declares that the walk order does not list', async () => {
    const planted: DomainModule = { name: 'planted', examples: async () => ({ extraStep: noop }) };
    await expect(orderedSteps([...MODULES, planted])).rejects.toThrow('planted/extraStep is declared but not in WALK_ORDER');
  });

  it('refuses a listed step no manifest declares', async () => {
    const withoutHealth = MODULES.filter((module) => module.name !== 'health');
    await expect(orderedSteps(withoutHealth)).rejects.toThrow('health/home is in WALK_ORDER but no manifest declares it');
  });
});
