import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileReply, forbidden, notFound, unprocessable } from '../lib/http';
import { page } from '../lib/paging';
import type { OperationHandlers } from '../lib/operations';
import { hasRole, type AuthUser, type Services } from '../lib/services';
import { apiStatus, fieldTypeRef, pointsOf, type StoredPoint } from '../lib/points';
import type { SeedQuestionnaire } from '../seed/templates';
import { TASK_FIELD_TYPES, taskTemplateDoc } from '../seed/task-templates';

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

// ------------------------------------------------------------------------------------------------ project tasks

interface TaskTemplate {
  code1C: string;
  name: string;
  description: string;
  group: string;
  fields: { code1C: string; name: string; type: keyof typeof TASK_FIELD_TYPES; required?: boolean; list?: string[] }[];
  attachments: { code1C: string; name: string; extensions: string[] }[];
}

/**
 * Templates of the tasks this domain creates (requests, RID submission and update). They live in the shared
 * collection "templates" like every questionnaire, so that the task page opens and saves them.
 */
export const TASK_TEMPLATES = {
  zni: {
    code1C: 'PT-ZNI',
    name: 'Запрос на изменение',
    description: 'Изменение условий договора: сроков, состава работ или сметы.',
    group: 'Суть изменения',
    fields: [
      { code1C: 'ZN_SUBJECT', name: 'Что требуется изменить', type: 'select', list: ['Сроки этапа', 'Состав работ', 'Смета расходов'], required: true },
      { code1C: 'ZN_REASON', name: 'Обоснование', type: 'textarea', required: true },
      { code1C: 'ZN_NEW_DATE', name: 'Новый срок', type: 'date' },
    ],
    attachments: [{ code1C: 'ZN_ATT_LETTER', name: 'Письмо-обоснование', extensions: ['pdf'] }],
  },
  ridRequest: {
    code1C: 'PT-RID-REQUEST',
    name: 'Запрос на РИД',
    description: 'Сведения о результате интеллектуальной деятельности, который требуется внести в план проекта.',
    group: 'Результат интеллектуальной деятельности',
    fields: [
      { code1C: 'RQ_TITLE', name: 'Название результата', type: 'text', required: true },
      { code1C: 'RQ_KIND', name: 'Вид РИД', type: 'select', list: ['Изобретение', 'Полезная модель', 'Промышленный образец', 'Программа для ЭВМ', 'База данных', 'Ноу-хау'], required: true },
      { code1C: 'RQ_ABSTRACT', name: 'Краткое описание', type: 'textarea', required: true },
    ],
    attachments: [],
  },
  rid: {
    code1C: 'PT-RID',
    name: 'Сведения о РИД',
    description: 'Сведения о результате интеллектуальной деятельности для АСУ РИД.',
    group: 'Сведения о РИД',
    fields: [
      { code1C: 'RID_TITLE', name: 'Название РИД', type: 'text', required: true },
      { code1C: 'RID_KIND', name: 'Вид РИД', type: 'text', required: true },
      { code1C: 'RID_AUTHORS', name: 'Авторы', type: 'textarea', required: true },
      { code1C: 'RID_HOLDERS', name: 'Правообладатели', type: 'textarea', required: true },
      { code1C: 'RID_APPLICATION_NUMBER', name: 'Номер заявки', type: 'text' },
      { code1C: 'RID_APPLICATION_DATE', name: 'Дата подачи заявки', type: 'date' },
      { code1C: 'RID_ABSTRACT', name: 'Реферат', type: 'textarea' },
    ],
    attachments: [{ code1C: 'RID_ATT_DOC', name: 'Охранный документ или заявка', extensions: ['pdf'] }],
  },
} satisfies Record<string, TaskTemplate>;

/** This domain's templates have one group each, named after the request kind. */
function templateDoc(t: TaskTemplate): SeedQuestionnaire {
  const groupCode = `${t.code1C}-MAIN`;
  return taskTemplateDoc({
    code1C: t.code1C,
    name: t.name,
    description: t.description,
    groups: [{ code1C: groupCode, name: t.group }],
    fields: t.fields.map((f) => ({ ...f, groupCode })),
    attachments: t.attachments,
  });
}

const templatesCollection = (s: Services) => s.collection<SeedQuestionnaire>('templates');

/** Adds this domain's task templates unless a template with the same code is already there. */
export async function ensureTaskTemplates(s: Services): Promise<void> {
  for (const t of Object.values(TASK_TEMPLATES)) if (!(await templatesCollection(s).get(t.code1C))) await templatesCollection(s).put(templateDoc(t));
}

/** What a new task of a project needs (SPEC §3 Task / point). */
export interface NewProjectPoint {
  project: StoredProject;
  ownerId: number;
  name: string;
  description: string;
  type: string;
  templateCode: string;
  startAt: number;
  deadlineDays: number;
  /** Values by field code of the template (others are ignored). */
  values?: Record<string, string | null | undefined>;
}

/** Creates a task of a project in the shared "points" store, as the API Point object (server/lib/points.ts). */
export async function createProjectPoint(s: Services, input: NewProjectPoint): Promise<StoredPoint> {
  const { project } = input;
  const template = await templatesCollection(s).get(input.templateCode);
  if (!template) throw new Error(`task template ${input.templateCode} is missing`);
  const point = template.point;
  const viewers = [...new Set([input.ownerId, project.ownerId, ...project.users.map((u) => u.id)].filter((id): id is number => typeof id === 'number'))];
  const values = point.pointFields
    .filter((f) => input.values?.[f.code1C])
    .map((f) => ({ fieldCode: f.code1C, value: input.values![f.code1C]!, groupIndex: 0, valueIndex: 0, fieldType: { id: f.fieldType.id, dataType: f.fieldType.dataType } }));
  return pointsOf(s).insert({
    name: input.name,
    description: input.description,
    projectId: project.id,
    projectName: project.name,
    project: { id: project.id, name: project.name, status: { name: project.status.name } },
    status: apiStatus('NEW'),
    type: input.type,
    startDate: new Date(input.startAt).toISOString(),
    deadline: new Date(input.startAt + input.deadlineDays * 86_400_000).toISOString(),
    closedate: null,
    ownerId: input.ownerId,
    responsibleUserId: input.ownerId,
    canEdit: true,
    archive: false,
    canSign: false,
    canHold: false,
    holdMode: null,
    canReturnToEdit: false,
    canCencelHold: false,
    canAddToArchive: false,
    signable: false,
    signValid: false,
    attorneyRequired: false,
    attorney: null,
    managerComment: null,
    files: [],
    templateGroups: point.pointGroups.map((g) => ({ code1C: g.code1C, name: g.name, description: g.description ?? null, multiple: !!g.multiple, readOnly: !!g.readOnly, groupIndex: g.groupIndex ?? null })),
    templateFields: point.pointFields.map((f) => ({
      code1C: f.code1C,
      name: f.name,
      groupCode: f.groupCode ?? null,
      sort: f.sort,
      fieldType: fieldTypeRef(f.fieldType),
      printDescription: false,
      description: f.description ?? null,
    })),
    templateAttachments: point.pointAttachments,
    values,
    _templateCode: template.code1C,
    _viewers: viewers,
  });
}

/** An open task is one that is neither finished (status sort ≥ 1000, SPEC §4) nor archived. */
export function isOpenPoint(point: StoredPoint | null): boolean {
  return !!point && point.status.sort < 1000 && point.archive !== true;
}

/** "Запрос на изменение" / "Запрос на РИД" tasks (SPEC §2): what the requester fills in after sending the request. */
const REQUEST_KINDS = {
  zni: {
    name: 'Запрос на изменение условий проекта',
    description: 'Опишите изменения, которые требуется внести в проект (сроки, состав работ, бюджет), и обоснуйте их.',
    templateCode: TASK_TEMPLATES.zni.code1C,
  },
  rid: {
    name: 'Запрос на регистрацию РИД',
    description: 'Укажите результат интеллектуальной деятельности, который требуется внести в план проекта.',
    templateCode: TASK_TEMPLATES.ridRequest.code1C,
  },
} as const;

export function projectsHandlers(s: Services): OperationHandlers {
  return {
    // GET /v1/projects — SPEC §2 projects table (ID, Проект, Конкурс, Статус), paged by SPEC §9 defaults.
    async projectsList({ user, query }) {
      const visible = (await projectsOf(s).all()).filter((p) => canSeeProject(user, p));
      return page(visible, query);
    },

    async projectGet({ user, params }) {
      return visibleProject(s, user, Number(params.id));
    },

    // Project files download on click (SPEC §2 "Project info").
    async projectFileDownload({ user, params }) {
      const project = await visibleProject(s, user, Number(params.id));
      const file = project.files.find((f) => f.id === Number(params.fileId));
      if (!file) throw notFound('Файл не найден');
      const row = await s.db.one<{ content: Uint8Array }>('SELECT content FROM files WHERE id = $1', [file.id]);
      if (!row) throw notFound('Файл не найден');
      // The contract documents a download as application/octet-stream; the name carries the extension.
      return fileReply(Buffer.from(row.content), 'application/octet-stream', file.name);
    },

    // SPEC §7 "Change point type: project id and type zni or rid" — the "Запрос на изменение" / "Запрос на РИД" buttons.
    async projectChangePointType({ user, body }) {
      const { projectId, type } = body as { projectId: number; type: 'zni' | 'rid' };
      const project = await visibleProject(s, user, projectId);
      if (!isProjectMember(user, project)) throw forbidden('Отправить запрос может только участник проекта');
      const allowed = type === 'zni' ? project.zniButton : project.ridButton;
      if (!allowed) {
        throw unprocessable([
          { field: 'type', message: type === 'zni' ? 'Запрос на изменение по этому проекту сейчас недоступен' : 'Запрос на РИД по этому проекту сейчас недоступен' },
        ]);
      }
      const kind = REQUEST_KINDS[type];
      await createProjectPoint(s, {
        project,
        ownerId: user.id,
        name: kind.name,
        description: kind.description,
        type,
        templateCode: kind.templateCode,
        startAt: s.clock.now(),
        deadlineDays: 14,
      });
      return { success: true, message: 'Запрос успешно отправлен' };
    },

    async lookupBriefcaseName({ query }) {
      const code = String(query.briefcaseCode);
      const name = BRIEFCASES[code];
      if (!name) throw notFound('Портфель не найден');
      return { briefcaseCode: code, name };
    },
  };
}

// ------------------------------------------------------------------------------------------------ demo widget

/**
 * The external project widget (SPEC §2: "An external widget script is injected after the page loads, given the
 * project id and the stored access token"). This demo stands in for the real one: it reads the project's task and
 * RID counts with the token it was given and renders them with textContent only.
 */
export const PROJECT_WIDGET_JS = `(function () {
  'use strict';
  var scriptUrl = document.currentScript && document.currentScript.src;
  var origin = scriptUrl ? new URL(scriptUrl).origin : location.origin;
  function el(tag, text, style) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (style) node.setAttribute('style', style);
    return node;
  }
  function getJson(base, path, token) {
    return fetch(base + path, { headers: { Authorization: 'Bearer ' + token } }).then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.json();
    });
  }
  function init(options) {
    var element = options && options.element;
    var projectId = Number(options && options.projectId);
    var token = options && options.token;
    if (!element || !projectId || !token) throw new Error('project widget: element, projectId and token are required');
    element.replaceChildren();
    var box = el('section', null, 'border:1px solid #d5e1f5;border-radius:8px;padding:12px 16px;background:#eef3fb;font:14px/1.4 system-ui,sans-serif;color:#112851');
    box.setAttribute('aria-label', 'Сводка по проекту');
    box.setAttribute('data-project-id', String(projectId));
    box.appendChild(el('strong', 'Сводка по проекту №' + projectId));
    var line = el('div', 'Загрузка данных…', 'margin-top:4px');
    box.appendChild(line);
    element.appendChild(box);
    fetch(origin + '/config.json')
      .then(function (r) { return r.json(); })
      .then(function (config) {
        var base = String(config.apiMain || '/hosts/main');
        if (base.charAt(0) === '/') base = origin + base;
        return Promise.all([
          getJson(base, '/v1/projects/' + projectId, token),
          getJson(base, '/v2/projects/project-point/count?filter%5BprojectId%5D=' + projectId, token),
          getJson(base, '/v2/projects/rid/project/' + projectId, token),
        ]);
      })
      .then(function (results) {
        var project = results[0];
        line.textContent = '«' + project.name + '» · задач: ' + results[1].count + ' · РИД: ' + results[2].length;
      })
      .catch(function () {
        line.textContent = 'Сводка временно недоступна';
      });
  }
  window.ProjectWidget = { version: '1.0.0', init: init };
})();
`;

/** Serves the demo widget at the URL the runtime config names (config.widgetUrl). */
export function registerProjectWidget(app: FastifyInstance): void {
  app.get('/widget/project-widget.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(PROJECT_WIDGET_JS),
  );
}

// ------------------------------------------------------------------------------------------------ demo data

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

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

function pdf(title: string, paragraphs: string[], createdAt: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Producer: 'Грантовый портал', CreationDate: createdAt } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', path.join(FONT_DIR, 'DejaVuSans.ttf'));
    doc.registerFont('bold', path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
    doc.font('bold').fontSize(15).text(title).moveDown();
    for (const p of paragraphs) doc.font('regular').fontSize(10.5).text(p, { align: 'justify' }).moveDown(0.6);
    doc.end();
  });
}

async function storeFile(s: Services, name: string, mime: string, content: Buffer): Promise<StoredProject['files'][number]> {
  const id = await s.db.nextId('files');
  await s.db.query('INSERT INTO files (id, name, mime, size, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    name,
    mime,
    content.length,
    content,
    s.clock.nowSeconds(),
  ]);
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : null;
  return { id, name, url: null, extension };
}

interface ProjectSeed {
  id: number;
  name: string;
  description: string;
  status: string;
  templateCode: keyof typeof TEMPLATES;
  briefcaseCode: string | null;
  counterparty: string;
  inn: string;
  contractNo: string;
  ownerId: number;
  memberIds: number[];
  zni: boolean;
  rid: boolean;
  /** Stage offsets in days from today: [from, to]; empty means no plan. */
  plan: [string, string, number, number][];
  files: ('contract' | 'tz' | 'plan' | 'budget' | 'report')[];
}

const STAGE = (name: string, description: string, from: number, to: number): [string, string, number, number] => [name, description, from, to];

const PROJECTS: ProjectSeed[] = [
  {
    id: 1,
    name: 'Нейросетевая платформа диагностики',
    description:
      'Разработка программно-аппаратного комплекса для ранней диагностики заболеваний лёгких по данным компьютерной томографии с применением свёрточных нейронных сетей. Платформа интегрируется с медицинскими информационными системами и формирует заключение для врача-рентгенолога.',
    status: 'Реализация',
    templateCode: 'START-2026',
    briefcaseCode: 'BC-TECH-2026',
    counterparty: 'ООО «НейроТех»',
    inn: '5406789123',
    contractNo: '4512ГС1/78231',
    ownerId: 7,
    memberIds: [100, 104, 109],
    zni: true,
    rid: true,
    plan: [
      STAGE('Этап 1. Сбор и разметка данных', 'Формирование обучающей выборки из 12 000 исследований КТ, разметка врачами-экспертами.', -240, -150),
      STAGE('Этап 2. Обучение моделей', 'Обучение и валидация моделей сегментации и классификации, подбор архитектуры.', -149, -40),
      STAGE('Этап 3. Опытный образец платформы', 'Разработка веб-интерфейса врача, интеграция с PACS, нагрузочное тестирование.', -39, 60),
      STAGE('Этап 4. Клинические испытания', 'Испытания в двух медицинских организациях, подготовка регистрационного досье.', 61, 200),
    ],
    files: ['contract', 'tz', 'plan', 'budget'],
  },
  {
    id: 2,
    name: 'Умная теплица',
    description:
      'Автоматизированная система управления микроклиматом тепличного комплекса: датчики влажности и освещённости, управление поливом и досветкой, мобильное приложение агронома.',
    status: 'Реализация',
    templateCode: 'RAZVITIE-2026',
    briefcaseCode: 'BC-AGRO-2026',
    counterparty: 'ООО «ГринЭнерджи»',
    inn: '1655123456',
    contractNo: '3318ГС2/60112',
    ownerId: 8,
    memberIds: [102, 111],
    zni: true,
    rid: false,
    plan: [
      STAGE('Этап 1. Проектирование системы', 'Выбор датчиков и контроллеров, проектирование архитектуры.', -120, -30),
      STAGE('Этап 2. Пилотная установка', 'Монтаж в тепличном комплексе площадью 2 га, наладка.', -29, 90),
    ],
    files: ['contract', 'plan'],
  },
  {
    id: 3,
    name: 'Биоразлагаемая упаковка',
    description:
      'Технология производства биоразлагаемой пищевой упаковки из отходов переработки зерна. Разлагается в почве за 90 дней, выдерживает температуру до 120 °C.',
    status: 'Отчетный период',
    templateCode: 'KOMMERC-2026',
    briefcaseCode: 'BC-ECO-2026',
    counterparty: 'ООО «НейроТех»',
    inn: '5406789123',
    contractNo: '5120ГС1/81544',
    ownerId: 7,
    memberIds: [106],
    zni: false,
    rid: true,
    plan: [
      STAGE('Этап 1. Лабораторная технология', 'Подбор рецептуры и режимов прессования.', -400, -220),
      STAGE('Этап 2. Опытная партия', 'Выпуск опытной партии 50 000 единиц упаковки.', -219, -20),
    ],
    files: ['contract', 'report'],
  },
  {
    id: 4,
    name: 'Цифровой двойник цеха',
    description:
      'Цифровой двойник механообрабатывающего цеха для планирования загрузки оборудования и прогнозирования отказов станков с ЧПУ.',
    status: 'На согласовании',
    templateCode: 'CIFRA-2026',
    briefcaseCode: 'BC-DIGITAL-2026',
    counterparty: 'ООО «Квант»',
    inn: '7701234567',
    contractNo: '6021ГС3/90017',
    ownerId: 100,
    memberIds: [7, 112],
    zni: false,
    rid: false,
    plan: [],
    files: ['tz'],
  },
  {
    id: 5,
    name: 'Система мониторинга рек',
    description:
      'Сеть автономных гидрологических постов с передачей данных по LoRaWAN для раннего предупреждения о паводках в малых реках Сибири.',
    status: 'Реализация',
    templateCode: 'UMNIK-2026',
    briefcaseCode: 'BC-ECO-2026',
    counterparty: 'ООО «Умный город»',
    inn: '5402987654',
    contractNo: '1987ГУ1/55012',
    ownerId: 102,
    memberIds: [8],
    zni: true,
    rid: true,
    plan: [
      STAGE('Этап 1. Прототип поста', 'Разработка и испытания прототипа гидрологического поста.', -60, 30),
      STAGE('Этап 2. Сеть из 10 постов', 'Развёртывание сети на реке Иня, сбор данных за паводковый сезон.', 31, 240),
    ],
    files: ['contract', 'tz', 'plan'],
  },
  {
    id: 6,
    name: 'Образовательная VR-платформа',
    description:
      'Платформа виртуальной реальности для практических занятий по химии в школах: 40 лабораторных работ, журнал учителя, работа без интернета.',
    status: 'Завершен',
    templateCode: 'KOOP-2025',
    briefcaseCode: 'BC-EDU-2025',
    counterparty: 'ООО «НейроТех»',
    inn: '5406789123',
    contractNo: '2954ГС1/41207',
    ownerId: 7,
    memberIds: [],
    zni: false,
    rid: false,
    plan: [],
    files: ['contract', 'report'],
  },
];

const EXTRA_NAMES: [string, string][] = [
  ['Беспилотный мониторинг посевов', 'Мультиспектральная съёмка полей с БПЛА и расчёт индекса вегетации для точного земледелия.'],
  ['Переработка литий-ионных аккумуляторов', 'Гидрометаллургическая технология извлечения лития и кобальта из отработанных аккумуляторов.'],
  ['Голосовой помощник для МФЦ', 'Распознавание речи и маршрутизация обращений граждан в многофункциональных центрах.'],
  ['Композитные лопасти ветрогенераторов', 'Лопасти из базальтового композита для ветроустановок малой мощности.'],
  ['Платформа телемедицины для сёл', 'Дистанционные консультации фельдшерско-акушерских пунктов с областной больницей.'],
  ['Микрофлюидный экспресс-тест', 'Экспресс-тест на антибиотики в молоке на основе микрофлюидного чипа.'],
  ['Система учёта энергоресурсов ЖКХ', 'Интеллектуальные счётчики и аналитика потребления для управляющих компаний.'],
  ['Роботизированная сварка трубопроводов', 'Мобильный сварочный робот для монтажа магистральных трубопроводов в полевых условиях.'],
  ['Кормовой белок из микроводорослей', 'Биореактор для выращивания хлореллы и производства кормового белка.'],
  ['Антикоррозионное покрытие на основе графена', 'Защитное покрытие для металлоконструкций морских платформ.'],
  ['Цифровая платформа для фермеров', 'Маркетплейс сельхозпродукции с логистикой и контролем качества.'],
  ['Тренажёр для реабилитации после инсульта', 'Роботизированный тренажёр кисти с биологической обратной связью.'],
  ['Анализ дефектов дорожного покрытия', 'Автоматическое обнаружение ям и трещин по видео с камер общественного транспорта.'],
  ['Портативный спектрометр для геологии', 'Полевой рентгенофлуоресцентный анализатор состава горных пород.'],
  ['Модульные очистные сооружения', 'Компактные станции биологической очистки сточных вод для посёлков до 500 жителей.'],
  ['Сервис проверки контрагентов', 'Оценка благонадёжности поставщиков по открытым данным с объяснимой моделью риска.'],
  ['3D-печать имплантатов из титана', 'Индивидуальные челюстно-лицевые имплантаты методом селективного лазерного сплавления.'],
  ['Система подсчёта пассажиропотока', 'Датчики на дверях автобусов и аналитика наполняемости маршрутов.'],
  ['Гидропонная ферма для Арктики', 'Контейнерная ферма для круглогодичного выращивания зелени в условиях Крайнего Севера.'],
  ['Онлайн-тренажёр по программированию', 'Адаптивные курсы программирования для школьников с автоматической проверкой задач.'],
];
const STATUSES = ['Реализация', 'Реализация', 'Отчетный период', 'На согласовании', 'Завершен', 'Приостановлен', 'Реализация', 'Расторгнут'];
const COMPANIES = [
  ['ООО «АгроДрон»', '6312045678'],
  ['АО «Сибирские технологии»', '5405012345'],
  ['ООО «Лаборатория данных»', '7814567890'],
  ['ООО «БиоСинтез»', '1659087654'],
  ['ЗАО «Микросистемы»', '7735123409'],
  ['ООО «МедТехника»', '6658098765'],
] as const;
const CODES = Object.keys(TEMPLATES);
const BRIEFCASE_CODES = Object.keys(BRIEFCASES);

function extraProjects(): ProjectSeed[] {
  return EXTRA_NAMES.map(([name, description], i) => {
    const id = 7 + i;
    const [counterparty, inn] = COMPANIES[i % COMPANIES.length]!;
    // Projects 7 and 9 belong to the grantee demo account and have both request buttons (end-to-end tests act there).
    const ownerId = id === 7 || id === 9 ? 7 : id === 8 ? 8 : 100 + ((i * 5) % 50);
    const withPlan = i % 3 !== 2;
    return {
      id,
      name,
      description,
      status: STATUSES[i % STATUSES.length]!,
      templateCode: CODES[i % CODES.length]!,
      briefcaseCode: i % 4 === 3 ? null : BRIEFCASE_CODES[i % BRIEFCASE_CODES.length]!,
      counterparty,
      inn,
      contractNo: `${1000 + ((id * 377) % 8999)}ГС${1 + (i % 3)}/${String(40000 + ((id * 7919) % 59999))}`,
      ownerId,
      memberIds: [100 + ((i * 7 + 3) % 56), 100 + ((i * 11 + 1) % 56)].filter((m) => m !== ownerId),
      zni: id === 7 || id === 9 || i % 2 === 0,
      rid: id === 7 || id === 9 || i % 3 === 0,
      plan: withPlan
        ? [
            STAGE('Этап 1. Научно-исследовательские работы', 'Анализ аналогов, выбор технических решений, лабораторные испытания.', -200 + i * 5, -60 + i * 5),
            STAGE('Этап 2. Опытно-конструкторские работы', 'Изготовление опытного образца и его испытания.', -59 + i * 5, 120 + i * 5),
            STAGE('Этап 3. Подготовка к производству', 'Отработка технологии, сертификация, выход на рынок.', 121 + i * 5, 300 + i * 5),
          ]
        : [],
      files: i % 2 === 0 ? ['contract', 'tz'] : ['contract'],
    };
  });
}

const FILE_KINDS = {
  contract: { name: 'Договор о предоставлении гранта.pdf', title: 'Договор о предоставлении гранта' },
  tz: { name: 'Техническое задание.pdf', title: 'Техническое задание' },
  plan: { name: 'Календарный план.pdf', title: 'Календарный план работ' },
  budget: { name: 'Смета расходов.csv', title: 'Смета расходов' },
  report: { name: 'Отчёт о выполнении этапа.pdf', title: 'Отчёт о выполнении этапа' },
} as const;

async function fullName(s: Services, id: number): Promise<string> {
  const row = await s.db.one<{ data: { fio: string } }>('SELECT data FROM users WHERE id = $1', [id]);
  return row?.data.fio ?? `Пользователь ${id}`;
}

export async function seedProjects(s: Services): Promise<void> {
  await ensureTaskTemplates(s);
  const now = s.clock.now();
  const today = new Date(now);
  today.setUTCHours(6, 0, 0, 0);
  const day = (offset: number, end = false) => {
    const d = new Date(today.getTime() + offset * 86_400_000);
    d.setUTCHours(end ? 20 : 6, end ? 59 : 0, 0, 0);
    return d.toISOString();
  };
  const createdAt = new Date(Date.UTC(2026, 0, 15));
  for (const seed of [...PROJECTS, ...extraProjects()]) {
    const files: StoredProject['files'] = [];
    for (const kind of seed.files) {
      const meta = FILE_KINDS[kind];
      if (kind === 'budget') {
        const csv = [
          'Статья расходов;Сумма, руб.',
          'Оплата труда;1 850 000,00',
          'Страховые взносы;555 000,00',
          'Материалы и комплектующие;940 000,00',
          'Услуги сторонних организаций;655 000,00',
          'Итого;4 000 000,00',
        ].join('\r\n');
        files.push(await storeFile(s, meta.name, 'text/csv', Buffer.from('\ufeff' + csv, 'utf8')));
      } else {
        const content = await pdf(
          `${meta.title} — «${seed.name}»`,
          [
            `Договор № ${seed.contractNo}. Получатель гранта: ${seed.counterparty}, ИНН ${seed.inn}.`,
            `Конкурс: ${TEMPLATES[seed.templateCode]}.`,
            seed.description,
          ],
          createdAt,
        );
        files.push(await storeFile(s, meta.name, 'application/pdf', content));
      }
    }
    const users = [];
    for (const id of [seed.ownerId, ...seed.memberIds]) users.push({ id, fullname: await fullName(s, id) });
    const project: StoredProject = {
      id: seed.id,
      name: seed.name,
      description: seed.description,
      files,
      status: { name: seed.status },
      template: { name: TEMPLATES[seed.templateCode]! },
      templateCode: seed.templateCode,
      briefcaseCode: seed.briefcaseCode,
      counterparty: seed.counterparty,
      inn: seed.inn,
      contractNo: seed.contractNo,
      plan: seed.plan.length
        ? seed.plan.map(([name, description, from, to], i) => ({
            code1C: `PLAN-${seed.id}-${i + 1}`,
            name,
            description,
            dateFrom: day(from),
            dateTo: day(to, true),
          }))
        : null,
      users,
      zniButton: seed.zni,
      ridButton: seed.rid,
      ownerId: seed.ownerId,
    };
    await projectsOf(s).insert(project);
  }
}
