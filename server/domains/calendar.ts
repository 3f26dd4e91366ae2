import type { OperationHandlers } from '../lib/operations';
import type { Services } from '../lib/services';
import { apiStatus, pointsOf, type StoredPoint } from '../lib/points';
import { createProjectPoint } from './projects/points';
import { projectsOf } from './projects/model';

/**
 * Calendar of tasks (SPEC §2 "Calendar", §3 Calendar task: id, name, dateFrom, dateTo, status {name}, description).
 * Reads the shared "points" store; a user sees the points they own or are responsible for. Archived points are
 * left out. Dates are the point's start and deadline; a point without them is placed by the client (last 4 days).
 */
type PointView = StoredPoint & {
  description?: string | null;
  startDate?: string | null;
  deadline?: string | null;
  responsibleUserId?: number | null;
  archive?: boolean;
};

export function calendarHandlers(s: Services): OperationHandlers {
  return {
    async calendarPoints({ user }) {
      const points = (await pointsOf(s).all()) as PointView[];
      return points
        .filter((p) => p.archive !== true && (p.ownerId === user.id || p.responsibleUserId === user.id))
        .map((p) => ({
          id: p.id,
          name: p.name,
          dateFrom: p.startDate ?? null,
          dateTo: p.deadline ?? null,
          status: { name: p.status.name },
          description: p.description ?? null,
        }));
    },
  };
}

interface CalendarSeed {
  projectId: number;
  name: string;
  description: string;
  status: string;
  /** Template of the task (the project-task templates of the tasks demo data). */
  template: 'PT-REPORT-STAGE1' | 'PT-PLAN' | 'PT-FIN-REPORT';
  /** [start, deadline] in days from today; null: a task without dates (SPEC §2: shown over the last 4 days). */
  days: [number, number] | null;
}

/** Tasks of the grantee (7), the user (8) and user 102 spread over this and the next months, some of them without dates. */
const CALENDAR_TASKS: CalendarSeed[] = [
  { projectId: 1, name: 'Согласование календарного плана этапа 3', description: 'Согласуйте с менеджером фонда уточнённый календарный план третьего этапа.', template: 'PT-PLAN', status: 'FILLING', days: [-2, 3] },
  { projectId: 1, name: 'Дополнительные материалы к отчёту по этапу', description: 'Приложите протоколы испытаний и фотографии опытного образца к отчёту по этапу.', template: 'PT-REPORT-STAGE1', status: 'NEW', days: null },
  { projectId: 1, name: 'Отчёт о целевом использовании средств за квартал', description: 'Заполните реестр платёжных поручений и приложите выписки банка.', template: 'PT-FIN-REPORT', status: 'NEW', days: [5, 19] },
  { projectId: 3, name: 'Подтверждение софинансирования', description: 'Приложите документы, подтверждающие внебюджетное софинансирование проекта.', template: 'PT-FIN-REPORT', status: 'NEEDS_IMPROVEMENTS', days: [-12, -1] },
  { projectId: 3, name: 'Отчёт об участии в выставке «Иннопром»', description: 'Расскажите о результатах участия в отраслевой выставке: контакты, договорённости, публикации.', template: 'PT-REPORT-STAGE1', status: 'NEW', days: null },
  { projectId: 1, name: 'Публикация результатов в научном журнале', description: 'Укажите выходные данные публикации и приложите её текст.', template: 'PT-REPORT-STAGE1', status: 'NEW', days: [34, 60] },
  { projectId: 6, name: 'Итоговый отчёт о реализации проекта', description: 'Итоговый научно-технический отчёт по проекту.', template: 'PT-REPORT-STAGE1', status: 'COMPLETED', days: [-70, -40] },
  { projectId: 2, name: 'Фотоотчёт о монтаже оборудования', description: 'Загрузите фотографии смонтированного оборудования в теплице.', template: 'PT-REPORT-STAGE1', status: 'NEW', days: [1, 10] },
  { projectId: 2, name: 'Сведения о созданных рабочих местах', description: 'Укажите количество созданных высокопроизводительных рабочих мест.', template: 'PT-FIN-REPORT', status: 'NEW', days: null },
  { projectId: 2, name: 'Промежуточный отчёт по этапу 2', description: 'Научно-технический отчёт и финансовый отчёт по второму этапу.', template: 'PT-REPORT-STAGE1', status: 'FILLING', days: [-20, 25] },
  // Project 5 (owner 102): a sparse calendar the end-to-end tests read.
  { projectId: 5, name: 'Паспорт гидрологического поста', description: 'Заполните паспорт прототипа поста: координаты, состав датчиков, канал связи.', template: 'PT-REPORT-STAGE1', status: 'FILLING', days: [-1, 2] },
  { projectId: 5, name: 'Согласование мест установки постов', description: 'Приложите согласования с администрациями поселений.', template: 'PT-PLAN', status: 'NEW', days: null },
  { projectId: 5, name: 'Испытания сети постов в паводок', description: 'Отчёт о работе сети постов в период весеннего паводка.', template: 'PT-REPORT-STAGE1', status: 'NEW', days: [70, 80] },
];

export async function seedCalendar(s: Services): Promise<void> {
  const now = s.clock.now();
  const dayMs = 86_400_000;
  const today = new Date(now);
  today.setUTCHours(6, 0, 0, 0);
  for (const seed of CALENDAR_TASKS) {
    const project = await projectsOf(s).get(seed.projectId);
    // Both come from earlier seeds (projects, tasks); a missing one only drops the demo task.
    if (!project?.ownerId || !(await s.collection('templates').get(seed.template))) continue;
    const point = await createProjectPoint(s, {
      project,
      ownerId: project.ownerId,
      name: seed.name,
      description: seed.description,
      type: 'report',
      templateCode: seed.template,
      startAt: today.getTime() + (seed.days?.[0] ?? 0) * dayMs,
      deadlineDays: seed.days ? seed.days[1] - seed.days[0] : 0,
    });
    const finished = apiStatus(seed.status).sort >= 1000;
    await pointsOf(s).put({
      ...point,
      status: apiStatus(seed.status),
      ...(seed.days ? {} : { startDate: null, deadline: null }),
      ...(finished ? { canEdit: false, closedate: new Date(today.getTime() + seed.days![1] * dayMs).toISOString() } : {}),
    });
  }
}
