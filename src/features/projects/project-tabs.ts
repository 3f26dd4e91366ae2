/**
 * Tabs of the project page (SPEC §2), kept apart from the page component: the route validates ?tab= with this list,
 * and anything the route imports outside its component lands in the first-load bundle.
 */
export const PROJECT_TABS = ['tasks', 'info', 'competition', 'plan', 'rid'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];
