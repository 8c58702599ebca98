/** The flows `npm run bench:cost` walks, in this order, each on the demo data and what the flows before it left. */
import { agentDay } from './agent-day.mjs';
import { browse } from './browse.mjs';
import { chat } from './chat.mjs';
import { orderDelivered } from './order-delivered.mjs';
import { publish } from './publish.mjs';
import { signUp } from './sign-up.mjs';
import { stats } from './stats.mjs';
import { transit } from './transit.mjs';
import { view } from './view.mjs';

export const FLOWS = [
  { key: 'sign-up', ...signUp },
  { key: 'publish', ...publish },
  { key: 'browse', ...browse },
  { key: 'view', ...view },
  { key: 'chat', ...chat },
  { key: 'order', ...orderDelivered },
  { key: 'transit', ...transit },
  { key: 'agent', ...agentDay },
  { key: 'stats', ...stats },
];
