import { forbidden, notFound } from '../../lib/http';
import { hasRole, type AuthUser, type Services } from '../../lib/services';

/**
 * Projects (SPEC §2 "Projects", §3 Project and Plan stage, §7 "Projects v1" GET list/by id, change point type,
 * briefcase). Projects live in the collection "projects", each document shaped exactly like the API `Project`
 * schema (the other /v1/projects actions work on the same documents).
 */

export interface PlanStage {
  code1C: string;
  name: string;
  description: string | null;
  dateFrom: string | null;
  dateTo: string | null;
}

export interface StoredProject {
  id: number;
  name: string;
  description: string | null;
  files: { id: number; name: string; url: string | null; extension: string | null }[];
  status: { name: string };
  template: { name: string };
  templateCode: string | null;
  briefcaseCode: string | null;
  counterparty: string | null;
  inn: string | null;
  contractNo: string | null;
  plan: PlanStage[] | null;
  users: { id: number; fullname: string }[];
  zniButton: boolean;
  ridButton: boolean;
  ownerId: number | null;
}

export const projectsOf = (s: Services) => s.collection<StoredProject>('projects');

/** Managers (1), monitors (4, 10) and experts (5) follow every project; others see the projects they own or work in. */
const STAFF_ROLES = [1, 4, 5, 10];

export function canSeeProject(user: AuthUser, project: StoredProject): boolean {
  if (hasRole(user, ...STAFF_ROLES)) return true;
  return project.ownerId === user.id || project.users.some((u) => u.id === user.id);
}

/** Owners and project users act on a project (requests, RID); staff only look. */
export function isProjectMember(user: AuthUser, project: StoredProject): boolean {
  return project.ownerId === user.id || project.users.some((u) => u.id === user.id);
}

export async function visibleProject(s: Services, user: AuthUser, id: number): Promise<StoredProject> {
  const project = await projectsOf(s).get(id);
  if (!project) throw notFound('Проект не найден');
  if (!canSeeProject(user, project)) throw forbidden('Нет доступа к проекту');
  return project;
}

// ------------------------------------------------------------------------------------------------ catalogues

/** Competition (template) codes and names, as the competitions demo data (server/seed/templates.ts) spells them. */
export const TEMPLATES: Record<string, string> = {
  'START-2026': '«Старт» 2026',
  'RAZVITIE-2026': '«Развитие» 2026',
  'KOMMERC-2026': '«Коммерциализация» 2026',
  'UMNIK-2026': '«УМНИК» 2026',
  'CIFRA-2026': '«Цифровые технологии» 2026',
  'KOOP-2025': '«Кооперация» 2025',
};

export const BRIEFCASES: Record<string, string> = {
  'BC-TECH-2026': 'Портфель «Технологическое предпринимательство»',
  'BC-DIGITAL-2026': 'Портфель «Цифровая экономика»',
  'BC-AGRO-2026': 'Портфель «Агропромышленные технологии»',
  'BC-EDU-2025': 'Портфель «Образование и кадры»',
  'BC-ECO-2026': 'Портфель «Экология и природопользование»',
};
