/** Our own lint rules: the code layout of ARCHITECTURE.md, no import cycles (issue 12), and the domains' layers without cycles (issue 25), statuses through their machines (issue 35). */
import { rules as boundaries } from './boundaries.mjs';
import { rules as domains } from './domains.mjs';
import noCycle from './no-cycle.mjs';
import statusViaMachine from './statuses.mjs';

export default {
  meta: { name: 'boundaries' },
  rules: { ...boundaries, ...domains, 'no-cycle': noCycle, 'status-via-machine': statusViaMachine },
};
