/**
 * Who may call a route, as one sentence of its description in the OpenAPI document: derived from
 * the same declaration the router checks (`access`, `roles`, `agentTypes`; core/access-matrix.ts
 * derives each caller's answer from it), so a developer reads who the route is for where it is
 * documented, and the sentence cannot drift from the check.
 */
import type { RouteSecurity } from './access-matrix';
import { ADMIN_ROLES } from './roles';

const list = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(', ');

export function audienceOf(route: RouteSecurity): string {
  switch (route.access) {
    case 'public':
      return 'For anyone: no ID token is read.';
    case 'optional':
      return 'For anyone; a signed-in caller may send its ID token, which is then verified (a bad or revoked one is refused) and changes what it sees.';
    case 'token':
      return 'For a signed-in account (ID token), before or after it has a marketplace profile.';
    case 'profile': {
      if (!route.roles) return 'For any registered, unblocked user (ID token).';
      const admins = ADMIN_ROLES.every((role) => route.roles!.includes(role)) && route.roles.length === ADMIN_ROLES.length;
      const who = admins ? `admin levels (${list(route.roles)})` : `registered, unblocked users of role ${list(route.roles)}`;
      const types = route.agentTypes ? ` (commercial agents of type ${list(route.agentTypes)} only)` : '';
      return `For ${who}${types}.`;
    }
  }
}
