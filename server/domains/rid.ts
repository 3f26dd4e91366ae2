import { conflict, forbidden, notFound, unprocessable } from '../lib/http';
import type { OperationHandlers } from '../lib/operations';
import type { AuthUser, Services } from '../lib/services';
import { pointsOf, toApiPoint } from '../lib/points';
import { TASK_TEMPLATES, createProjectPoint, isOpenPoint } from './projects/points';
import { isProjectMember, projectsOf, visibleProject, type StoredProject } from './projects/model';

/**
 * Results of intellectual activity (SPEC §3 RID, §4 RID statuses and sources, §7 RID calls, §8 RID toasts).
 * RIDs are kept in the collection "rids" as the API `Rid` object plus private keys:
 * `_projectId`, `_taskPointId` (the submission task of a pending planned RID) and `_updatePointId` (the open update
 * task; while it is open an update answers 409 "РИД находится на редактировании, подать обновление невозможно").
 */
export interface RidApplication {
  kind: string | null;
  number: string | null;
  date: string | null;
  pctNumber: string | null;
  pctDate: string | null;
}

export interface StoredRid {
  id: number;
  title: string | null;
  kind: string | null;
  status: 'pending' | 'applied' | 'registered';
  source: 'planned' | 'unplanned';
  plannedAt: number | null;
  pointHumanId: string | null;
  type: string | null;
  planCode: string | null;
  code: string | null;
  info: {
    title: string | null;
    authors: string[];
    holders: string[];
    application: RidApplication | null;
    patent: { protection: { kind: string | null; number: string | null; priorityDate: string | null } | null; scope: string | null; objects: string[] } | null;
  } | null;
  _projectId: number;
  _taskPointId?: number | null;
  _updatePointId?: number | null;
}

export const ridsOf = (s: Services) => s.collection<StoredRid>('rids');

export const RID_EDITING_MESSAGE = 'РИД находится на редактировании, подать обновление невозможно';

const toApiRid = (rid: StoredRid) => toApiPoint(rid);

async function projectRids(s: Services, projectId: number) {
  return ridsOf(s).where({ _projectId: projectId });
}

async function visibleRid(s: Services, user: AuthUser, id: number): Promise<{ rid: StoredRid; project: StoredProject }> {
  const rid = await ridsOf(s).get(id);
  if (!rid) throw notFound('РИД не найден');
  const project = await visibleProject(s, user, rid._projectId);
  return { rid, project };
}

function requireMember(user: AuthUser, project: StoredProject) {
  if (!isProjectMember(user, project)) throw forbidden('Действия с РИД доступны только участникам проекта');
}

const RID_TEMPLATE = TASK_TEMPLATES.rid.code1C;

/** The RID task form starts with what АСУ РИД already knows. */
function ridValues(rid: StoredRid): Record<string, string | null | undefined> {
  return {
    RID_TITLE: rid.title ?? rid.info?.title,
    RID_KIND: rid.kind,
    RID_AUTHORS: rid.info?.authors.join(', '),
    RID_HOLDERS: rid.info?.holders.join(', '),
    RID_APPLICATION_NUMBER: rid.info?.application?.number,
    RID_APPLICATION_DATE: rid.info?.application?.date ? rid.info.application.date.split('-').reverse().join('.') : null,
  };
}

/** The submission task of a pending planned RID (SPEC §4: "A pending planned RID can be submitted (opens the task page for that RID)"). */
async function submissionTask(s: Services, user: AuthUser, project: StoredProject, rid: StoredRid): Promise<number> {
  if (rid.status !== 'pending' || rid.source !== 'planned') {
    throw unprocessable([{ message: 'Подать можно только плановый РИД в статусе «К исполнению»' }]);
  }
  const existing = rid._taskPointId ? await pointsOf(s).get(rid._taskPointId) : null;
  if (existing && isOpenPoint(existing)) return existing.id;
  const point = await createProjectPoint(s, {
    project,
    ownerId: user.id,
    name: `Подача сведений о РИД «${rid.title ?? rid.info?.title ?? rid.planCode}»`,
    description: `Заполните сведения о результате интеллектуальной деятельности по плану проекта (код плана ${rid.planCode ?? '—'}).`,
    type: 'rid',
    templateCode: RID_TEMPLATE,
    startAt: s.clock.now(),
    deadlineDays: 30,
    values: ridValues(rid),
  });
  await ridsOf(s).put({ ...rid, _taskPointId: point.id, pointHumanId: `РИД-${String(point.id).padStart(6, '0')}` });
  return point.id;
}

/** SPEC §4 "Other RIDs can be updated, which triggers an update task in the project"; an open one blocks another (409). */
async function updateTask(s: Services, user: AuthUser, project: StoredProject, rid: StoredRid): Promise<number> {
  if (rid.status === 'pending' && rid.source === 'planned') {
    throw unprocessable([{ message: 'Плановый РИД в статусе «К исполнению» подаётся, а не обновляется' }]);
  }
  const open = rid._updatePointId ? await pointsOf(s).get(rid._updatePointId) : null;
  if (isOpenPoint(open)) throw conflict(RID_EDITING_MESSAGE);
  const point = await createProjectPoint(s, {
    project,
    ownerId: user.id,
    name: `Актуализация сведений о РИД «${rid.title ?? rid.info?.title ?? rid.code}»`,
    description: 'Проверьте и обновите сведения о результате интеллектуальной деятельности: авторов, правообладателей, данные заявки и охранного документа.',
    type: 'rid-update',
    templateCode: RID_TEMPLATE,
    startAt: s.clock.now(),
    deadlineDays: 14,
    values: ridValues(rid),
  });
  await ridsOf(s).put({ ...rid, _updatePointId: point.id });
  return point.id;
}

export function ridHandlers(s: Services): OperationHandlers {
  return {
    async ridListByProject({ user, params }) {
      const project = await visibleProject(s, user, Number(params.projectId));
      return (await projectRids(s, project.id)).map(toApiRid);
    },

    // "Загрузка из АСУ РИД": the registry is the source of truth; finished update tasks release their RIDs.
    async ridLoad({ user, body }) {
      const project = await visibleProject(s, user, (body as { projectId: number }).projectId);
      const rids = await projectRids(s, project.id);
      const result: StoredRid[] = [];
      for (const rid of rids) {
        let next = rid;
        if (rid._updatePointId && !isOpenPoint(await pointsOf(s).get(rid._updatePointId))) next = { ...next, _updatePointId: null };
        if (rid._taskPointId && !(await pointsOf(s).get(rid._taskPointId))) next = { ...next, _taskPointId: null };
        if (next !== rid) await ridsOf(s).put(next);
        result.push(next);
      }
      return result.map(toApiRid);
    },

    async ridGet({ user, params }) {
      const { rid } = await visibleRid(s, user, Number(params.id));
      return toApiRid(rid);
    },

    async ridInit({ user, params }) {
      const { rid, project } = await visibleRid(s, user, Number(params.id));
      requireMember(user, project);
      const pointId = await submissionTask(s, user, project, rid);
      return { success: true, pointId };
    },

    async ridCreate({ user, params }) {
      const project = await visibleProject(s, user, Number(params.projectId));
      requireMember(user, project);
      const rid = (await projectRids(s, project.id)).find((r) => r.planCode === String(params.planCode));
      if (!rid) throw notFound('РИД с таким кодом плана не найден в проекте');
      const pointId = await submissionTask(s, user, project, rid);
      return { success: true, pointId };
    },

    async ridUpdate({ user, params }) {
      const { rid, project } = await visibleRid(s, user, Number(params.id));
      requireMember(user, project);
      const pointId = await updateTask(s, user, project, rid);
      return { success: true, message: 'Актуализация РИД успешно запланирована', pointId };
    },

    async ridCreateUnplanned({ user, body }) {
      const project = await visibleProject(s, user, (body as { projectId: number }).projectId);
      requireMember(user, project);
      await createProjectPoint(s, {
        project,
        ownerId: user.id,
        name: 'Сведения о внеплановом РИД',
        description: 'Опишите результат интеллектуальной деятельности, полученный сверх плана проекта.',
        type: 'rid-unplanned',
        templateCode: RID_TEMPLATE,
        startAt: s.clock.now(),
        deadlineDays: 30,
      });
      return { success: true, message: 'Создание внепланового РИД успешно запланировано' };
    },

    async ridActualize({ user, body }) {
      const { projectId, code, planCode, type } = body as { projectId: number; code: string; planCode: string; type: string };
      const project = await visibleProject(s, user, projectId);
      requireMember(user, project);
      const rid = (await projectRids(s, project.id)).find((r) => r.code === code);
      if (!rid) throw notFound('РИД с таким кодом не найден в проекте');
      // Unplanned RIDs have no plan code: the client sends the source ("unplanned") in its place.
      if ((rid.planCode ?? 'unplanned') !== planCode) throw unprocessable([{ field: 'planCode', message: 'Код плана не соответствует РИД' }]);
      if ((rid.type ?? '') !== type) throw unprocessable([{ field: 'type', message: 'Тип не соответствует РИД' }]);
      await updateTask(s, user, project, rid);
      return { success: true, message: 'Актуализация РИД успешно запланирована' };
    },
  };
}

// ------------------------------------------------------------------------------------------------ demo data

interface RidSeed {
  projectId: number;
  title: string;
  kind: keyof typeof KINDS;
  status: StoredRid['status'];
  source: StoredRid['source'];
  /** Days from today for pending RIDs. */
  plannedInDays?: number;
  authors: string[];
  holders: string[];
  /** Application date as days from today (negative), number and PCT data. */
  application?: { days: number; number: string; pct?: [string, number] };
  patent?: { number: string; priorityDays: number; scope: string; objects: string[] };
  /** An update task is open: updating answers 409. */
  editing?: boolean;
}

const KINDS = {
  invention: { kind: 'Изобретение', type: 'INVENTION', application: 'Заявка на выдачу патента на изобретение', protection: 'Патент на изобретение' },
  utility: { kind: 'Полезная модель', type: 'UTILITY_MODEL', application: 'Заявка на выдачу патента на полезную модель', protection: 'Патент на полезную модель' },
  design: { kind: 'Промышленный образец', type: 'INDUSTRIAL_DESIGN', application: 'Заявка на выдачу патента на промышленный образец', protection: 'Патент на промышленный образец' },
  software: { kind: 'Программа для ЭВМ', type: 'SOFTWARE', application: 'Заявка на регистрацию программы для ЭВМ', protection: 'Свидетельство о государственной регистрации программы для ЭВМ' },
  database: { kind: 'База данных', type: 'DATABASE', application: 'Заявка на регистрацию базы данных', protection: 'Свидетельство о государственной регистрации базы данных' },
  topology: { kind: 'Топология интегральной микросхемы', type: 'TOPOLOGY', application: 'Заявка на регистрацию топологии интегральной микросхемы', protection: 'Свидетельство о регистрации топологии ИМС' },
  knowhow: { kind: 'Секрет производства (ноу-хау)', type: 'KNOW_HOW', application: 'Уведомление о режиме коммерческой тайны', protection: 'Приказ о введении режима коммерческой тайны' },
} as const;

const NEUROTECH = 'ООО «НейроТех»';

const RIDS: RidSeed[] = [
  // Project 1: every status and source, planned dates in the past and the future.
  { projectId: 1, title: 'Способ автоматической сегментации очагов поражения лёгких на КТ-изображениях', kind: 'invention', status: 'pending', source: 'planned', plannedInDays: -45, authors: ['Петров Алексей Иванович', 'Александров Андрей Александрович'], holders: [NEUROTECH] },
  { projectId: 1, title: 'Программа классификации рентгенологических находок «ПульмоСкан»', kind: 'software', status: 'pending', source: 'planned', plannedInDays: 20, authors: ['Петров Алексей Иванович', 'Егоров Кирилл Сергеевич'], holders: [NEUROTECH] },
  { projectId: 1, title: 'База данных размеченных исследований компьютерной томографии органов грудной клетки', kind: 'database', status: 'pending', source: 'planned', plannedInDays: 140, authors: ['Васильев Денис Николаевич'], holders: [NEUROTECH] },
  { projectId: 1, title: 'Модуль интеграции с PACS по протоколу DICOMweb', kind: 'software', status: 'pending', source: 'unplanned', plannedInDays: -10, authors: ['Егоров Кирилл Сергеевич'], holders: [NEUROTECH] },
  {
    projectId: 1,
    title: 'Устройство предобработки томографических срезов',
    kind: 'utility',
    status: 'applied',
    source: 'planned',
    authors: ['Петров Алексей Иванович', 'Жуков Максим Михайлович'],
    holders: [NEUROTECH],
    application: { days: -210, number: '2026104517' },
  },
  {
    projectId: 1,
    title: 'Программа анонимизации медицинских изображений',
    kind: 'software',
    status: 'applied',
    source: 'unplanned',
    authors: ['Егоров Кирилл Сергеевич', 'Данилова Дарья Николаевна'],
    holders: [NEUROTECH],
    application: { days: -35, number: '2026661203' },
  },
  {
    projectId: 1,
    title: 'Способ оценки объёма поражения лёгочной ткани',
    kind: 'invention',
    status: 'applied',
    source: 'planned',
    authors: ['Петров Алексей Иванович', 'Александров Андрей Александрович', 'Ильин Роман Владимирович'],
    holders: [NEUROTECH, 'ФГБУ «НМИЦ фтизиопульмонологии и инфекционных заболеваний» Минздрава России'],
    application: { days: -120, number: '2026108832', pct: ['PCT/RU2026/000214', -100] },
  },
  {
    projectId: 1,
    title: 'Программа «Рабочее место врача-рентгенолога»',
    kind: 'software',
    status: 'registered',
    source: 'planned',
    authors: ['Петров Алексей Иванович', 'Егоров Кирилл Сергеевич'],
    holders: [NEUROTECH],
    application: { days: -300, number: '2025690114' },
    patent: { number: '2025691877', priorityDays: -300, scope: 'Программа для ЭВМ в объёме исходного текста и объектного кода.', objects: ['Исходный текст программы', 'Объектный код'] },
    editing: true,
  },
  {
    projectId: 1,
    title: 'Нейросетевой способ выявления узловых образований',
    kind: 'invention',
    status: 'registered',
    source: 'planned',
    authors: ['Петров Алексей Иванович', 'Александров Андрей Александрович'],
    holders: [NEUROTECH],
    application: { days: -520, number: '2024131245', pct: ['PCT/RU2024/000877', -480] },
    patent: {
      number: '2831540',
      priorityDays: -520,
      scope: 'Способ выявления узловых образований лёгких, включающий получение серии КТ-срезов, их нормализацию и обработку свёрточной нейронной сетью.',
      objects: ['Способ выявления узловых образований', 'Система для осуществления способа'],
    },
  },
  {
    projectId: 1,
    title: 'Промышленный образец «Пульт управления диагностическим комплексом»',
    kind: 'design',
    status: 'registered',
    source: 'unplanned',
    authors: ['Жуков Максим Михайлович'],
    holders: [NEUROTECH],
    application: { days: -400, number: '2025500731' },
    patent: { number: '147220', priorityDays: -400, scope: 'Совокупность признаков внешнего вида изделия, отображённая на изображениях.', objects: ['Пульт управления'] },
  },
  // Project 2 (Умная теплица): a few RIDs.
  { projectId: 2, title: 'Система управления микроклиматом теплицы', kind: 'utility', status: 'pending', source: 'planned', plannedInDays: 45, authors: ['Иванова Ольга Сергеевна'], holders: ['ООО «ГринЭнерджи»'] },
  {
    projectId: 2,
    title: 'Программа расчёта режима полива «АгроКлимат»',
    kind: 'software',
    status: 'registered',
    source: 'planned',
    authors: ['Иванова Ольга Сергеевна', 'Борисов Глеб Владимирович'],
    holders: ['ООО «ГринЭнерджи»'],
    application: { days: -260, number: '2025688240' },
    patent: { number: '2025690501', priorityDays: -260, scope: 'Программа для ЭВМ.', objects: ['Программа расчёта режима полива'] },
  },
  // Project 3 (Биоразлагаемая упаковка).
  {
    projectId: 3,
    title: 'Композиция для изготовления биоразлагаемой упаковки на основе отрубей',
    kind: 'invention',
    status: 'applied',
    source: 'planned',
    authors: ['Петров Алексей Иванович', 'Комарова Ирина Сергеевна'],
    holders: [NEUROTECH],
    application: { days: -75, number: '2026112094' },
  },
  { projectId: 3, title: 'Режимы горячего прессования растительного сырья', kind: 'knowhow', status: 'pending', source: 'unplanned', plannedInDays: 15, authors: ['Комарова Ирина Сергеевна'], holders: [NEUROTECH] },
  {
    projectId: 3,
    title: 'Форма пищевого контейнера',
    kind: 'design',
    status: 'registered',
    source: 'planned',
    authors: ['Лазарев Степан Николаевич'],
    holders: [NEUROTECH],
    application: { days: -190, number: '2026500118' },
    patent: { number: '149902', priorityDays: -190, scope: 'Внешний вид контейнера с крышкой.', objects: ['Пищевой контейнер'] },
  },
  // Project 5 (Система мониторинга рек).
  { projectId: 5, title: 'Автономный гидрологический пост с питанием от солнечной панели', kind: 'utility', status: 'pending', source: 'planned', plannedInDays: -5, authors: ['Борисова Вера Николаевна'], holders: ['ООО «Умный город»'] },
  {
    projectId: 5,
    title: 'Топология микросхемы контроллера датчика уровня воды',
    kind: 'topology',
    status: 'applied',
    source: 'unplanned',
    authors: ['Борисова Вера Николаевна', 'Никитин Евгений Сергеевич'],
    holders: ['ООО «Умный город»'],
    application: { days: -20, number: '2026630045' },
  },
  // Project 7: RIDs the end-to-end tests act on (submit, update, conflict).
  { projectId: 7, title: 'Способ калибровки мультиспектральной камеры БПЛА', kind: 'invention', status: 'pending', source: 'planned', plannedInDays: 30, authors: ['Александров Андрей Александрович'], holders: ['ООО «АгроДрон»'] },
  {
    projectId: 7,
    title: 'Программа расчёта индекса NDVI по данным аэросъёмки',
    kind: 'software',
    status: 'applied',
    source: 'planned',
    authors: ['Александров Андрей Александрович', 'Зайцева Ксения Владимировна'],
    holders: ['ООО «АгроДрон»'],
    application: { days: -50, number: '2026662310' },
  },
  {
    projectId: 7,
    title: 'База данных спектральных сигнатур сельскохозяйственных культур',
    kind: 'database',
    status: 'registered',
    source: 'unplanned',
    authors: ['Зайцева Ксения Владимировна'],
    holders: ['ООО «АгроДрон»'],
    application: { days: -230, number: '2025621907' },
    patent: { number: '2025622455', priorityDays: -230, scope: 'База данных.', objects: ['База спектральных сигнатур'] },
    editing: true,
  },
];

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedRid(s: Services): Promise<void> {
  const now = s.clock.now();
  const dayMs = 86_400_000;
  let planIndex = 0;
  for (const [index, seed] of RIDS.entries()) {
    const project = await projectsOf(s).get(seed.projectId);
    if (!project) continue;
    const kind = KINDS[seed.kind];
    const planCode = seed.source === 'planned' ? `ПЛ-${seed.projectId}-${String(++planIndex).padStart(2, '0')}` : null;
    const code = seed.status === 'pending' && seed.source === 'planned' ? null : `РИД-${String(2400 + index * 17).padStart(6, '0')}`;
    const application = seed.application
      ? {
          kind: kind.application,
          number: seed.application.number,
          date: isoDate(now + seed.application.days * dayMs),
          pctNumber: seed.application.pct?.[0] ?? null,
          pctDate: seed.application.pct ? isoDate(now + seed.application.pct[1] * dayMs) : null,
        }
      : null;
    const rid: StoredRid = {
      id: index + 1,
      title: index % 4 === 1 ? null : seed.title,
      kind: kind.kind,
      status: seed.status,
      source: seed.source,
      plannedAt: seed.plannedInDays !== undefined ? Math.floor((now + seed.plannedInDays * dayMs) / 1000) : null,
      pointHumanId: null,
      type: kind.type,
      planCode,
      code,
      info: {
        title: seed.title,
        authors: seed.authors,
        holders: seed.holders,
        application,
        patent: seed.patent
          ? {
              protection: { kind: kind.protection, number: seed.patent.number, priorityDate: isoDate(now + seed.patent.priorityDays * dayMs) },
              scope: seed.patent.scope,
              objects: seed.patent.objects,
            }
          : null,
      },
      _projectId: seed.projectId,
      _taskPointId: null,
      _updatePointId: null,
    };
    await ridsOf(s).insert(rid);
    if (seed.editing) {
      // An update task already in progress (started by the project owner a week ago).
      const point = await createProjectPoint(s, {
        project,
        ownerId: project.ownerId ?? project.users[0]!.id,
        name: `Актуализация сведений о РИД «${seed.title}»`,
        description: 'Проверьте и обновите сведения о результате интеллектуальной деятельности.',
        type: 'rid-update',
        templateCode: RID_TEMPLATE,
        startAt: now - 7 * dayMs,
        deadlineDays: 14,
        values: ridValues(rid),
      });
      await ridsOf(s).put({ ...rid, _updatePointId: point.id, pointHumanId: `РИД-${String(point.id).padStart(6, '0')}` });
    }
  }
}
