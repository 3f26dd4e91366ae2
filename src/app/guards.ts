import { redirect } from '@tanstack/react-router';
import { canAccess, landingPath, type AppArea, type ClientRole } from '@/lib/roles';

/**
 * SPEC §4 navigation guard: a user with no roles goes to the support page; a route the role does not allow
 * leads to the role's first allowed route.
 */
export function requireArea(roles: readonly ClientRole[], area: AppArea): void {
  if (roles.length === 0) throw redirect({ to: '/support' });
  if (!canAccess(roles, area)) throw redirect({ to: landingPath(roles) ?? '/support', replace: true });
}
