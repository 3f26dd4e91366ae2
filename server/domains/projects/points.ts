import type { Services } from '../../lib/services';
import { FRESH_POINT, apiStatus, fieldTypeRef, pointsOf, type StoredPoint } from '../../lib/points';
import type { SeedQuestionnaire } from '../../seed/templates';
import { TASK_FIELD_TYPES, taskTemplateDoc } from '../../seed/task-templates';
import type { StoredProject } from './model';

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
    ...FRESH_POINT,
    name: input.name,
    description: input.description,
    projectId: project.id,
    projectName: project.name,
    project: { id: project.id, name: project.name, status: { name: project.status.name } },
    status: apiStatus('NEW'),
    type: input.type,
    startDate: new Date(input.startAt).toISOString(),
    deadline: new Date(input.startAt + input.deadlineDays * 86_400_000).toISOString(),
    ownerId: input.ownerId,
    responsibleUserId: input.ownerId,
    canEdit: true,
    canSign: false,
    canHold: false,
    canReturnToEdit: false,
    signable: false,
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
