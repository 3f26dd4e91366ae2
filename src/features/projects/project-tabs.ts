import * as v from 'valibot';
import { intParam, optionalParam } from '@/components/search-params';

/**
 * Tabs of the project page (SPEC §2), kept apart from the page component: the route validates ?tab= with this list,
 * and anything the route imports outside its component lands in the first-load bundle.
 */
export const PROJECT_TABS = ['tasks', 'info', 'competition', 'plan', 'rid'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

/** ?tab= of the project page: a known tab other than the default "Задачи", else left out. */
export const projectSearchSchema = v.object({ tab: optionalParam(v.picklist(PROJECT_TABS.filter((tab) => tab !== 'tasks') as Exclude<ProjectTab, 'tasks'>[])) });

/** ?page= of the projects table: a page after the first, else left out (page 1). */
export const projectsListSearchSchema = v.object({ page: optionalParam(intParam(2, Number.MAX_SAFE_INTEGER)) });
