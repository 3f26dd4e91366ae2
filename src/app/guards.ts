import { redirect } from '@tanstack/react-router';
import { toaster } from '@/components/toaster';
import { canAccess, landingPath, type AppArea, type ClientRole } from '@/lib/roles';

/** Said when a route the role may not open leads elsewhere (no silent redirect). */
export const AREA_REFUSED_TEXT = 'Раздел недоступен для вашей роли';

/**
 * SPEC §4 navigation guard: a user with no roles goes to the support page; a route the role does not allow
 * leads to the role's landing route (the first item of its menu), with a message saying why.
 */
export function requireArea(roles: readonly ClientRole[], area: AppArea, preload = false): void {
  if (roles.length === 0) throw redirect({ to: '/support' });
  if (!canAccess(roles, area)) {
    if (!preload) toaster.create({ type: 'warning', title: AREA_REFUSED_TEXT });
    throw redirect({ to: landingPath(roles) ?? '/support', replace: true });
  }
}
