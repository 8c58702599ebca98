/** Our own lint rules: the code layout of ARCHITECTURE.md, no import cycles, the domains' layers without cycles, and statuses that change through their machines. */
import { rules as boundaries } from './boundaries.mjs';
import { rules as domains } from './domains.mjs';
import noCycle from './no-cycle.mjs';
import statusViaMachine from './statuses.mjs';

export default {
  meta: { name: 'boundaries' },
  rules: { ...boundaries, ...domains, 'no-cycle': noCycle, 'status-via-machine': statusViaMachine },
};
