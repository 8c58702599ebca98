/** Our own lint rules: the code layout of ARCHITECTURE.md and no import cycles (issue 12). */
import { rules as boundaries } from './boundaries.mjs';
import noCycle from './no-cycle.mjs';

export default {
  meta: { name: 'boundaries' },
  rules: { ...boundaries, 'no-cycle': noCycle },
};
