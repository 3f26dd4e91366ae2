import PDFDocument from 'pdfkit';
import type { Services } from '../../lib/services';
import { apiStatus, fieldTypeRef } from '../../lib/points';
import type { Json } from '../../lib/spec';
import { taskTemplateDoc, type TaskTemplateSpec } from '../../seed/task-templates';
import { notesOf } from '../questionnaire/model';
import { attachmentsOf, tasksOf } from './model';
import { loadFonts, saveFile } from './export';

// Demo data (SPEC §4 every status; every flag combination the task buttons need; signable files; attorney;
// expert reviews; drafts; several projects and owners). Deterministic: dates are offsets from the seed time.

const HOUR = 3_600_000;

/** Project-task templates (codes PT-…), kept beside the competition questionnaires in collection "templates". */
export const PROJECT_TASK_TEMPLATES: TaskTemplateSpec[] = [
  {
    code1C: 'PT-REPORT-STAGE1',
    name: 'Отчёт по этапу 1',
    description: 'Научно-технический отчёт о работах первого этапа календарного плана.',
    groups: [
      { code1C: 'RS_MAIN', name: 'Общие сведения' },
      { code1C: 'RS_WORKS', name: 'Выполненные работы', multiple: true, description: 'По одной записи на каждую работу календарного плана' },
      { code1C: 'RS_TEAM', name: 'Исполнители', multiple: true },
      { code1C: 'RS_RESULTS', name: 'Результаты этапа' },
    ],
    fields: [
      { code1C: 'RS_PERIOD', name: 'Отчётный период', groupCode: 'RS_MAIN', type: 'text', required: true },
      { code1C: 'RS_SUMMARY', name: 'Краткое описание выполненных работ', groupCode: 'RS_MAIN', type: 'textarea', required: true },
      { code1C: 'RS_WORK_NAME', name: 'Наименование работы', groupCode: 'RS_WORKS', type: 'text', required: true },
      { code1C: 'RS_WORK_RESULT', name: 'Полученный результат', groupCode: 'RS_WORKS', type: 'textarea' },
      { code1C: 'RS_WORK_DATE', name: 'Дата завершения', groupCode: 'RS_WORKS', type: 'date' },
      { code1C: 'RS_TEAM_FIO', name: 'ФИО исполнителя', groupCode: 'RS_TEAM', type: 'text' },
      { code1C: 'RS_TEAM_ROLE', name: 'Роль в проекте', groupCode: 'RS_TEAM', type: 'text' },
      { code1C: 'RS_PUBLICATIONS', name: 'Количество публикаций', groupCode: 'RS_RESULTS', type: 'number' },
      { code1C: 'RS_RID', name: 'Получены результаты интеллектуальной деятельности', groupCode: 'RS_RESULTS', type: 'checkbox', list: ['Да'] },
    ],
    attachments: [
      { code1C: 'RS_ATT_REPORT', name: 'Научно-технический отчёт', extensions: ['pdf', 'docx'], description: 'Подписывается электронной подписью' },
      { code1C: 'RS_ATT_ACT', name: 'Акт сдачи-приёмки работ', extensions: ['pdf'] },
      { code1C: 'RS_ATT_EXTRA', name: 'Дополнительные материалы', extensions: ['pdf', 'png', 'jpg', 'csv', 'xml', 'zip'] },
    ],
  },
  {
    code1C: 'PT-PLAN',
    name: 'Календарный план',
    description: 'Этапы проекта со сроками и стоимостью работ.',
    groups: [
      { code1C: 'PL_STAGES', name: 'Этапы', multiple: true },
      { code1C: 'PL_MAIN', name: 'Пояснения' },
    ],
    fields: [
      { code1C: 'PL_STAGE_NAME', name: 'Наименование этапа', groupCode: 'PL_STAGES', type: 'text', required: true },
      { code1C: 'PL_STAGE_FROM', name: 'Начало', groupCode: 'PL_STAGES', type: 'date' },
      { code1C: 'PL_STAGE_TO', name: 'Окончание', groupCode: 'PL_STAGES', type: 'date' },
      { code1C: 'PL_STAGE_COST', name: 'Стоимость, руб.', groupCode: 'PL_STAGES', type: 'number' },
      { code1C: 'PL_COMMENT', name: 'Комментарий к плану', groupCode: 'PL_MAIN', type: 'textarea' },
    ],
    attachments: [{ code1C: 'PL_ATT_PLAN', name: 'Календарный план (подписанный)', extensions: ['pdf'] }],
  },
  {
    code1C: 'PT-ZNI',
    name: 'Запрос на изменение',
    description: 'Изменение условий договора: сроков, состава работ или сметы.',
    groups: [{ code1C: 'ZN_MAIN', name: 'Суть изменения' }],
    fields: [
      { code1C: 'ZN_SUBJECT', name: 'Что требуется изменить', groupCode: 'ZN_MAIN', type: 'select', list: ['Сроки этапа', 'Состав работ', 'Смета расходов'], required: true },
      { code1C: 'ZN_REASON', name: 'Обоснование', groupCode: 'ZN_MAIN', type: 'textarea', required: true },
      { code1C: 'ZN_NEW_DATE', name: 'Новый срок', groupCode: 'ZN_MAIN', type: 'date' },
    ],
    attachments: [{ code1C: 'ZN_ATT_LETTER', name: 'Письмо-обоснование', extensions: ['pdf'] }],
  },
  {
    code1C: 'PT-FIN-REPORT',
    name: 'Финансовый отчёт',
    description: 'Отчёт о расходовании средств гранта.',
    groups: [
      { code1C: 'FN_EXPENSES', name: 'Расходы', multiple: true },
      { code1C: 'FN_TOTAL', name: 'Итоги' },
    ],
    fields: [
      { code1C: 'FN_ITEM', name: 'Статья расходов', groupCode: 'FN_EXPENSES', type: 'text', required: true },
      { code1C: 'FN_SUM', name: 'Сумма, руб.', groupCode: 'FN_EXPENSES', type: 'number', required: true },
      { code1C: 'FN_DOC', name: 'Подтверждающий документ', groupCode: 'FN_EXPENSES', type: 'text' },
      { code1C: 'FN_TOTAL_SUM', name: 'Всего израсходовано, руб.', groupCode: 'FN_TOTAL', type: 'number' },
      { code1C: 'FN_COFIN', name: 'Софинансирование, руб.', groupCode: 'FN_TOTAL', type: 'number' },
    ],
    attachments: [{ code1C: 'FN_ATT_REGISTER', name: 'Реестр платёжных документов', extensions: ['pdf', 'xml', 'csv'] }],
  },
  {
    code1C: 'PT-EXPERT',
    name: 'Экспертное заключение',
    expertMode: true,
    description: 'Оценка заявки экспертом по критериям конкурса.',
    groups: [
      { code1C: 'EX_SCORES', name: 'Оценки по критериям' },
      { code1C: 'EX_RESULT', name: 'Заключение' },
    ],
    fields: [
      { code1C: 'EX_NOVELTY', name: 'Научная новизна (0–10)', groupCode: 'EX_SCORES', type: 'number', required: true },
      { code1C: 'EX_TEAM', name: 'Квалификация команды (0–10)', groupCode: 'EX_SCORES', type: 'number', required: true },
      { code1C: 'EX_MARKET', name: 'Рыночный потенциал (0–10)', groupCode: 'EX_SCORES', type: 'number', required: true },
      { code1C: 'EX_CONCLUSION', name: 'Текст заключения', groupCode: 'EX_RESULT', type: 'textarea', required: true },
      { code1C: 'EX_RECOMMEND', name: 'Рекомендация', groupCode: 'EX_RESULT', type: 'select', list: ['Поддержать', 'Поддержать с доработками', 'Отклонить'] },
    ],
    attachments: [],
  },
];

/** The structure a point copies from its template (the competition questionnaire or a PT- template). */
async function structureOf(s: Services, code: string) {
  const template = await s.collection<Json>('templates').get(code);
  const point = template?.point ?? taskTemplateDoc(PROJECT_TASK_TEMPLATES[0]!).point;
  return {
    templateGroups: (point.pointGroups ?? []).map((g: Json) => ({ code1C: g.code1C, name: g.name, description: g.description ?? null, multiple: !!g.multiple, readOnly: !!g.readOnly, groupIndex: g.groupIndex ?? null })),
    templateFields: (point.pointFields ?? []).map((f: Json) => ({
      code1C: f.code1C,
      name: f.name,
      groupCode: f.groupCode ?? null,
      sort: f.sort ?? 0,
      fieldType: fieldTypeRef(f.fieldType),
      printDescription: f.printDescription ?? false,
      description: f.description ?? null,
    })),
    templateAttachments: point.pointAttachments ?? [],
  };
}

const PROJECTS: Record<number, { name: string; ownerId: number; status: string }> = {
  1: { name: 'Нейросетевая платформа диагностики', ownerId: 7, status: 'Реализация' },
  2: { name: 'Умная теплица', ownerId: 8, status: 'Реализация' },
  3: { name: 'Биоразлагаемая упаковка', ownerId: 7, status: 'Реализация' },
  4: { name: 'Цифровой двойник цеха', ownerId: 100, status: 'Заключение договора' },
  5: { name: 'Система мониторинга рек', ownerId: 102, status: 'Реализация' },
  6: { name: 'Образовательная VR-платформа', ownerId: 7, status: 'Завершён' },
};

interface SeedPoint {
  name: string;
  status: string;
  owner: number;
  project?: number | null;
  template: string;
  type?: string;
  /** Start and deadline as offsets from now in hours; null = no date. */
  start?: number | null;
  deadline?: number | null;
  flags?: Partial<Record<'canEdit' | 'canSign' | 'canHold' | 'canReturnToEdit' | 'canCencelHold' | 'canAddToArchive' | 'archive' | 'signable' | 'signValid' | 'attorneyRequired', boolean>>;
  holdMode?: 'D' | 'S' | null;
  attorney?: { signer_fio: string; startDate: string; endDate: string } | null;
  managerComment?: string;
  responsible?: number;
  viewers?: number[];
  experts?: number[];
  /** Expert reviews: the project of the application under review (shown in the «Проект» column). */
  reviewedProject?: string;
  files?: { name: string; signable?: boolean; signValid?: boolean; attachCode?: string; approved?: boolean; comment?: string }[];
  values?: [string, Json, number?][];
  description?: string;
}

const REPORT_VALUES: [string, Json, number?][] = [
  ['RS_PERIOD', '01.01.2026 – 31.03.2026'],
  ['RS_SUMMARY', 'Собран и размечен датасет из 12 000 снимков, обучены три базовые модели, проведено сравнение точности на отложенной выборке.'],
  ['RS_WORK_NAME', 'Сбор и разметка датасета', 0],
  ['RS_WORK_RESULT', 'Размечено 12 000 снимков, согласованность разметчиков 0,91', 0],
  ['RS_WORK_DATE', '15.02.2026', 0],
  ['RS_WORK_NAME', 'Обучение базовых моделей', 1],
  ['RS_WORK_RESULT', 'Лучшая модель: точность 93,4 % на отложенной выборке', 1],
  ['RS_WORK_DATE', '25.03.2026', 1],
  ['RS_TEAM_FIO', 'Петров Алексей Иванович', 0],
  ['RS_TEAM_ROLE', 'Руководитель проекта', 0],
  ['RS_TEAM_FIO', 'Александрова Ирина Сергеевна', 1],
  ['RS_TEAM_ROLE', 'Ведущий инженер по данным', 1],
  ['RS_PUBLICATIONS', 2],
  ['RS_RID', '["Да"]'],
];
const PLAN_VALUES: [string, Json, number?][] = [
  ['PL_STAGE_NAME', 'Разработка прототипа', 0],
  ['PL_STAGE_FROM', '01.02.2026', 0],
  ['PL_STAGE_TO', '30.06.2026', 0],
  ['PL_STAGE_COST', 1_500_000, 0],
  ['PL_STAGE_NAME', 'Испытания и сертификация', 1],
  ['PL_STAGE_FROM', '01.07.2026', 1],
  ['PL_STAGE_TO', '31.12.2026', 1],
  ['PL_STAGE_COST', 2_500_000, 1],
  ['PL_COMMENT', 'Сроки второго этапа согласованы с испытательной лабораторией.'],
];
const FIN_VALUES: [string, Json, number?][] = [
  ['FN_ITEM', 'Оплата труда', 0],
  ['FN_SUM', 840_000, 0],
  ['FN_DOC', 'Ведомость № 14 от 31.03.2026', 0],
  ['FN_ITEM', 'Материалы и комплектующие', 1],
  ['FN_SUM', 215_300, 1],
  ['FN_DOC', 'Счёт-фактура № 208', 1],
  ['FN_TOTAL_SUM', 1_055_300],
  ['FN_COFIN', 120_000],
];
const ZNI_VALUES: [string, Json, number?][] = [
  ['ZN_SUBJECT', 'Сроки этапа'],
  ['ZN_REASON', 'Поставщик сенсоров сдвинул отгрузку на 6 недель; просим перенести окончание этапа.'],
  ['ZN_NEW_DATE', '15.08.2026'],
];
const EXPERT_VALUES: [string, Json, number?][] = [
  ['EX_NOVELTY', 8],
  ['EX_TEAM', 7],
  ['EX_MARKET', 6],
  ['EX_CONCLUSION', 'Проект обладает научной новизной, команда имеет профильный опыт; бизнес-модель требует уточнения.'],
  ['EX_RECOMMEND', 'Поддержать с доработками'],
];
const VALUES_BY_TEMPLATE: Record<string, [string, Json, number?][]> = {
  'PT-REPORT-STAGE1': REPORT_VALUES,
  'PT-PLAN': PLAN_VALUES,
  'PT-FIN-REPORT': FIN_VALUES,
  'PT-ZNI': ZNI_VALUES,
  'PT-EXPERT': EXPERT_VALUES,
};

const SIGNED_FILES = [
  { name: 'Научно-технический отчёт.pdf', signable: true, attachCode: 'RS_ATT_REPORT' },
  { name: 'Акт сдачи-приёмки работ.pdf', signable: true, attachCode: 'RS_ATT_ACT' },
  { name: 'Фото стенда.png', attachCode: 'RS_ATT_EXTRA' },
];

const ATTORNEY = { signer_fio: 'Петров Алексей Иванович', startDate: '01.01.2026', endDate: '31.12.2026' };

/** Grantee (7): > 20 points across every status, flag and date case; user (8) and the others fewer. */
const SEED_POINTS: SeedPoint[] = [
  // --- editable statuses (SPEC §4 form codes)
  { name: 'Отчёт по этапу 1: нейросетевая диагностика', status: 'NEW', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -5 * 24, deadline: 20 * 24, flags: { canEdit: true } },
  { name: 'Календарный план: упаковка', status: 'FILLING', owner: 7, project: 3, template: 'PT-PLAN', start: -10 * 24, deadline: 12, flags: { canEdit: true } },
  { name: 'Финансовый отчёт за I квартал', status: 'NEEDS_IMPROVEMENTS', owner: 7, project: 1, template: 'PT-FIN-REPORT', start: -20 * 24, deadline: 10 * 24, flags: { canEdit: true }, managerComment: 'Приложите платёжные поручения по статье «Материалы».' },
  { name: 'Запрос на изменение сроков VR-платформы', status: 'SUSPENDED', owner: 7, project: 6, template: 'PT-ZNI', start: -3 * 24, deadline: 30 * 24, flags: { canEdit: true } },
  { name: 'Отчёт по этапу 1: упаковка (доработка)', status: 'RETURN_TO_EDIT', owner: 7, project: 3, template: 'PT-REPORT-STAGE1', start: -15 * 24, deadline: 6 * 24, flags: { canEdit: true } },
  { name: 'Календарный план VR-платформы (на проверке)', status: 'RETURN_TO_EDIT', owner: 7, project: 6, template: 'PT-PLAN', start: -15 * 24, deadline: 8 * 24, flags: {} },
  // --- signing (SPEC §4 signing rule and sequence)
  { name: 'Отчёт по этапу 1: подписание', status: 'SIGNING_REQUIRED', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -7 * 24, deadline: 5 * 24, flags: { canSign: true, signable: true }, files: SIGNED_FILES },
  { name: 'Акт по этапу упаковки: подпись с МЧД', status: 'SIGNING_REQUIRED', owner: 7, project: 3, template: 'PT-REPORT-STAGE1', start: -7 * 24, deadline: 9 * 24, flags: { canSign: true, signable: true, attorneyRequired: true }, files: [{ name: 'Акт сдачи-приёмки работ.pdf', signable: true, attachCode: 'RS_ATT_ACT' }] },
  { name: 'Смета VR-платформы: МЧД загружена', status: 'SIGNING_REQUIRED', owner: 7, project: 6, template: 'PT-FIN-REPORT', start: -7 * 24, deadline: 9 * 24, flags: { canSign: true, signable: true, attorneyRequired: true }, attorney: ATTORNEY, files: [{ name: 'Реестр платёжных документов.xml', signable: true, attachCode: 'FN_ATT_REGISTER' }] },
  { name: 'Отзыв отчёта по диагностике: требуется подпись', status: 'REVIEW_WITH_SIGNING', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -30 * 24, deadline: 15 * 24, flags: { canSign: true, signable: true, canCencelHold: true }, holdMode: 'S', files: [{ name: 'Заявление об отзыве.pdf', signable: true, attachCode: 'RS_ATT_EXTRA' }] },
  // --- withdraw (hold) in the three modes
  { name: 'Отчёт по этапу 2: нейросетевая диагностика', status: 'IN_PROCESSING', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -40 * 24, deadline: 25 * 24, flags: { canHold: true, signValid: true, signable: true }, holdMode: null, files: [{ name: 'Научно-технический отчёт (этап 2).pdf', signable: true, signValid: true, attachCode: 'RS_ATT_REPORT' }] },
  { name: 'Финансовый отчёт упаковки: отзыв с подписью', status: 'IN_PROCESSING', owner: 7, project: 3, template: 'PT-FIN-REPORT', start: -40 * 24, deadline: 25 * 24, flags: { canHold: true, signable: true, signValid: true }, holdMode: 'S', files: [{ name: 'Реестр расходов.csv', signable: true, signValid: true, attachCode: 'FN_ATT_REGISTER' }] },
  { name: 'План VR-платформы: отзыв запрещён', status: 'IN_PROCESSING', owner: 7, project: 6, template: 'PT-PLAN', start: -40 * 24, deadline: 25 * 24, flags: { canHold: true }, holdMode: 'D', values: [['PL_COMMENT', 'Этапы будут внесены после согласования сметы.']] },
  { name: 'Отчёт о целевом использовании: отзыв', status: 'IN_PROCESSING', owner: 7, project: 1, template: 'PT-FIN-REPORT', start: -10 * 24, deadline: 40 * 24, flags: { canHold: true }, holdMode: null },
  { name: 'Отозванный план диагностики', status: 'SUSPENDED', owner: 7, project: 1, template: 'PT-PLAN', start: -12 * 24, deadline: 18 * 24, flags: { canCencelHold: true, canReturnToEdit: true } },
  // --- processing statuses
  { name: 'Запрос на изменение состава работ', status: 'PROCESSING_REQUIRED', owner: 7, project: 1, template: 'PT-ZNI', start: -8 * 24, deadline: 14 * 24, flags: { canReturnToEdit: true } },
  { name: 'Финансовый отчёт VR-платформы', status: 'SENT_TO_MANAGER', owner: 7, project: 6, template: 'PT-FIN-REPORT', start: -25 * 24, deadline: 4 * 24 },
  { name: 'Календарный план упаковки: внешняя экспертиза', status: 'EXTERNAL_PROCESSING', owner: 7, project: 3, template: 'PT-PLAN', start: -25 * 24, deadline: 4 * 24 },
  // --- finished and archive
  { name: 'Промежуточный отчёт (без замечаний)', status: 'NO_ACTION_REQUIRED', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -90 * 24, deadline: -60 * 24, flags: { canAddToArchive: true } },
  { name: 'Отчёт по этапу 0: подготовительный', status: 'COMPLETED', owner: 7, project: 1, template: 'PT-REPORT-STAGE1', start: -120 * 24, deadline: -90 * 24, flags: { canAddToArchive: true, signable: true, signValid: true }, files: [{ name: 'Отчёт этапа 0.pdf', signable: true, signValid: true, attachCode: 'RS_ATT_REPORT' }] },
  { name: 'Архивный план упаковки 2025', status: 'COMPLETED', owner: 7, project: 3, template: 'PT-PLAN', start: -300 * 24, deadline: -200 * 24, flags: { archive: true } },
  { name: 'Запрос на изменение сметы (отклонён)', status: 'REJECTED', owner: 7, project: 6, template: 'PT-ZNI', start: -60 * 24, deadline: -30 * 24, flags: { canAddToArchive: true }, managerComment: 'Изменение сметы превышает 10 % и требует решения конкурсной комиссии.' },
  { name: 'Архивный запрос VR-платформы', status: 'REJECTED', owner: 7, project: 6, template: 'PT-ZNI', start: -200 * 24, deadline: -150 * 24, flags: { archive: true } },
  // --- dates: expired, not started, none
  { name: 'Отчёт о целевом использовании средств (просрочен)', status: 'NEW', owner: 7, project: 1, template: 'PT-FIN-REPORT', start: -30 * 24, deadline: -2 * 24, flags: { canEdit: true } },
  { name: 'Календарный план упаковки на 2027 год (просрочен)', status: 'FILLING', owner: 7, project: 3, template: 'PT-PLAN', start: -20 * 24, deadline: -5, flags: { canEdit: true } },
  { name: 'Отчёт по этапу 3: VR-платформа', status: 'NEW', owner: 7, project: 6, template: 'PT-REPORT-STAGE1', start: 10 * 24, deadline: 40 * 24, flags: { canEdit: true } },
  { name: 'Анкета обратной связи по проекту', status: 'NEW', owner: 7, project: 1, template: 'PT-ZNI', start: null, deadline: null, flags: { canEdit: true } },
  // --- applications (competition "Задачи" tabs)
  { name: 'Заявка на конкурс «Старт-2026»', status: 'FILLING', owner: 7, project: null, template: 'START-2026', type: 'application', start: -14 * 24, deadline: 21 * 24, flags: { canEdit: true } },
  { name: 'Заявка на конкурс «Развитие-2026»', status: 'IN_PROCESSING', owner: 7, project: null, template: 'RAZVITIE-2026', type: 'application', start: -30 * 24, deadline: 30 * 24, flags: {} },
  { name: 'Заявка на конкурс «Кооперация-2025»', status: 'COMPLETED', owner: 7, project: null, template: 'KOOP-2025', type: 'application', start: -400 * 24, deadline: -330 * 24, flags: { canAddToArchive: true } },
  // --- the grantee as responsible user in someone else's project
  { name: 'Отчёт по этапу 1: цифровой двойник', status: 'FILLING', owner: 100, responsible: 7, project: 4, template: 'PT-REPORT-STAGE1', start: -4 * 24, deadline: 16 * 24, flags: { canEdit: true } },
  { name: 'Отчёт по этапу 1: мониторинг рек', status: 'IN_PROCESSING', owner: 102, project: 5, template: 'PT-REPORT-STAGE1', start: -20 * 24, deadline: 10 * 24, flags: {}, viewers: [5] },

  // --- ordinary user (8): «Умная теплица»
  { name: 'Отчёт по этапу 1: умная теплица', status: 'NEW', owner: 8, project: 2, template: 'PT-REPORT-STAGE1', start: -3 * 24, deadline: 27 * 24, flags: { canEdit: true } },
  { name: 'Календарный план теплицы', status: 'FILLING', owner: 8, project: 2, template: 'PT-PLAN', start: -6 * 24, deadline: 20, flags: { canEdit: true } },
  { name: 'Акт по теплице: подпись с МЧД', status: 'SIGNING_REQUIRED', owner: 8, project: 2, template: 'PT-REPORT-STAGE1', start: -5 * 24, deadline: 7 * 24, flags: { canSign: true, signable: true, attorneyRequired: true }, files: [{ name: 'Акт сдачи-приёмки работ.pdf', signable: true, attachCode: 'RS_ATT_ACT' }] },
  { name: 'Финансовый отчёт теплицы', status: 'IN_PROCESSING', owner: 8, project: 2, template: 'PT-FIN-REPORT', start: -15 * 24, deadline: 15 * 24, flags: { canHold: true }, holdMode: 'S' },
  { name: 'Запрос на изменение: теплица', status: 'COMPLETED', owner: 8, project: 2, template: 'PT-ZNI', start: -80 * 24, deadline: -50 * 24, flags: { canAddToArchive: true } },
  { name: 'Архивный отчёт теплицы 2025', status: 'COMPLETED', owner: 8, project: 2, template: 'PT-REPORT-STAGE1', start: -300 * 24, deadline: -250 * 24, flags: { archive: true } },
  { name: 'Отчёт о расходах теплицы (просрочен)', status: 'NEEDS_IMPROVEMENTS', owner: 8, project: 2, template: 'PT-FIN-REPORT', start: -30 * 24, deadline: -1 * 24, flags: { canEdit: true }, managerComment: 'Уточните сумму по статье «Оборудование».' },
  { name: 'Заявка на конкурс «Коммерциализация-2026»', status: 'FILLING', owner: 8, project: null, template: 'KOMMERC-2026', type: 'application', start: -7 * 24, deadline: 25 * 24, flags: { canEdit: true } },
  { name: 'Заявка на конкурс «УМНИК-2026»', status: 'SIGNING_REQUIRED', owner: 8, project: null, template: 'UMNIK-2026', type: 'application', start: -7 * 24, deadline: 25 * 24, flags: { canSign: true, signable: true }, files: [{ name: 'Презентация проекта.pdf', signable: true, attachCode: 'RS_ATT_EXTRA' }] },

  // --- other owners (visible to managers and monitors)
  { name: 'Календарный план цифрового двойника', status: 'NEW', owner: 100, project: 4, template: 'PT-PLAN', start: -2 * 24, deadline: 28 * 24, flags: { canEdit: true } },
  { name: 'Финансовый отчёт: мониторинг рек', status: 'SENT_TO_MANAGER', owner: 102, project: 5, template: 'PT-FIN-REPORT', start: -12 * 24, deadline: 3 * 24 },
  { name: 'Запрос на изменение: мониторинг рек', status: 'REJECTED', owner: 102, project: 5, template: 'PT-ZNI', start: -50 * 24, deadline: -20 * 24, flags: { canAddToArchive: true } },
];

/** Expert reviews (SPEC §2 "Экспертиза") assigned to the expert (5). */
const EXPERT_POINTS: SeedPoint[] = [
  { name: 'Экспертиза заявки № 1042 «Сенсорная перчатка для реабилитации»', status: 'NEW', owner: 5, reviewedProject: 'Сенсорная перчатка для реабилитации', template: 'START-2026', start: -2 * 24, deadline: 5 * 24, flags: { canEdit: true } },
  { name: 'Экспертиза заявки № 1057 «Биочип для экспресс-анализа»', status: 'FILLING', owner: 5, reviewedProject: 'Биочип для экспресс-анализа', template: 'START-2026', start: -4 * 24, deadline: 10, flags: { canEdit: true } },
  { name: 'Экспертиза заявки № 2011 «Платформа предиктивного ремонта»', status: 'SUSPENDED', owner: 5, reviewedProject: 'Платформа предиктивного ремонта', template: 'RAZVITIE-2026', start: -6 * 24, deadline: 8 * 24, flags: { canEdit: true } },
  { name: 'Экспертиза заявки № 2020 «Аддитивное производство лопаток»', status: 'IN_PROCESSING', owner: 5, reviewedProject: 'Аддитивное производство лопаток', template: 'RAZVITIE-2026', start: -10 * 24, deadline: 2 * 24 },
  { name: 'Экспертиза заявки № 3105 «Голосовой помощник для МФЦ»', status: 'COMPLETED', owner: 5, reviewedProject: 'Голосовой помощник для МФЦ', template: 'UMNIK-2026', start: -40 * 24, deadline: -20 * 24 },
  { name: 'Экспертиза заявки № 3110 «Дрон для мониторинга посевов»', status: 'NEEDS_IMPROVEMENTS', owner: 5, reviewedProject: 'Дрон для мониторинга посевов', template: 'UMNIK-2026', start: -10 * 24, deadline: -1 * 24, flags: { canEdit: true }, managerComment: 'Обоснуйте оценку рыночного потенциала.' },
];

/** A small real PDF for a demo attachment. */
function docPdf(title: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, CreationDate: new Date(Date.UTC(2026, 0, 15)) } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const { regular, bold } = loadFonts();
    doc.font(bold).fontSize(15).text(title, { align: 'center' }).moveDown();
    doc.font(regular).fontSize(11);
    for (const line of lines) doc.text(line).moveDown(0.5);
    doc.end();
  });
}

// A 1×1 PNG (a grey pixel).
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaGCoBwAChAGAo2m9NQAAAABJRU5ErkJggg==', 'base64');

async function demoFileContent(name: string, point: string): Promise<{ mime: string; data: Buffer }> {
  const ext = name.split('.').pop()?.toLowerCase();
  if (ext === 'png') return { mime: 'image/png', data: PIXEL_PNG };
  if (ext === 'csv') return { mime: 'text/csv', data: Buffer.from('\ufeffДата;Документ;Сумма, руб.\n31.03.2026;Ведомость № 14;840000\n02.04.2026;Счёт-фактура № 208;215300\n', 'utf8') };
  if (ext === 'xml') {
    return {
      mime: 'application/xml',
      data: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Реестр задача="${point.replace(/"/g, '')}">\n  <Документ номер="14" дата="31.03.2026" сумма="840000"/>\n  <Документ номер="208" дата="02.04.2026" сумма="215300"/>\n</Реестр>\n`, 'utf8'),
    };
  }
  return { mime: 'application/pdf', data: await docPdf(name.replace(/\.[^.]+$/, ''), [`Задача: ${point}`, 'Документ подготовлен для демонстрации личного кабинета.', 'Содержимое условное.']) };
}

/** Inserts seed points (with their files) for the given owner mapping; returns the new ids by point name. */
async function insertPoints(s: Services, all: { p: SeedPoint; expert: boolean }[], options: { withProjects: boolean } = { withProjects: true }): Promise<Record<string, number>> {
  const now = s.clock.now();
  const at = (hours: number | null | undefined) => (hours === null || hours === undefined ? null : new Date(now + hours * HOUR).toISOString());
  const points = tasksOf(s);
  const attachments = attachmentsOf(s);
  const created: Record<string, number> = {};
  for (const { p, expert } of all) {
    const project = p.project && options.withProjects ? PROJECTS[p.project] : undefined;
    const projectId = project ? p.project! : null;
    const structure = await structureOf(s, expert ? 'PT-EXPERT' : p.template);
    const values = (p.values ?? VALUES_BY_TEMPLATE[expert ? 'PT-EXPERT' : p.template] ?? []).map(([fieldCode, value, groupIndex]) => ({ fieldCode, value, groupIndex: groupIndex ?? 0, valueIndex: 0 }));
    const fieldCodes = new Set(structure.templateFields.map((f: Json) => f.code1C));
    const sort = apiStatus(p.status).sort;
    const flags = p.flags ?? {};
    const point = await points.insert({
      name: p.name,
      description: p.description ?? (expert ? 'Оцените заявку по критериям конкурса и сформулируйте заключение.' : `Задача проекта «${project?.name ?? 'заявка на конкурс'}».`),
      projectId,
      projectName: project?.name ?? p.reviewedProject ?? null,
      project: project ? { id: projectId, name: project.name, status: { name: project.status } } : null,
      status: apiStatus(p.status),
      type: expert ? 'expert' : (p.type ?? 'task'),
      startDate: at(p.start === undefined ? -7 * 24 : p.start),
      deadline: at(p.deadline === undefined ? 14 * 24 : p.deadline),
      closedate: sort >= 1000 ? at((p.deadline ?? 0) + 24) : null,
      ownerId: p.owner,
      responsibleUserId: p.responsible ?? p.owner,
      canEdit: flags.canEdit ?? false,
      archive: flags.archive ?? false,
      canSign: flags.canSign ?? false,
      canHold: flags.canHold ?? false,
      holdMode: p.holdMode ?? null,
      canReturnToEdit: flags.canReturnToEdit ?? false,
      canCencelHold: flags.canCencelHold ?? false,
      canAddToArchive: flags.canAddToArchive ?? false,
      signable: flags.signable ?? false,
      signValid: flags.signValid ?? false,
      attorneyRequired: flags.attorneyRequired ?? false,
      attorney: p.attorney ?? null,
      managerComment: p.managerComment ?? null,
      files: [],
      ...structure,
      values: values.filter((v) => fieldCodes.has(v.fieldCode)),
      _templateCode: p.template,
      _viewers: [...new Set([p.owner, p.responsible ?? p.owner, ...(p.viewers ?? []), ...(project ? [project.ownerId] : [])])],
      ...(expert ? { _kind: 'expert' as const, _experts: [5] } : {}),
      _statusBeforeHold:
        p.status === 'REVIEW_WITH_SIGNING' || (p.status === 'SUSPENDED' && flags.canCencelHold)
          ? { status: apiStatus('IN_PROCESSING'), canHold: true, canSign: false, canEdit: false, canReturnToEdit: false, signValid: true }
          : null,
    });
    created[p.name] = point.id;
    const files: { fileId: number; name: string }[] = [];
    for (const [i, f] of (p.files ?? []).entries()) {
      const content = await demoFileContent(f.name, p.name);
      const fileId = await saveFile(s, f.name, content.mime, content.data);
      const signFileId = f.signValid ? await saveFile(s, `${f.name}.sig`, 'application/pkcs7-signature', Buffer.from(`ДЕМО-ПОДПИСЬ ${f.name}`, 'utf8')) : null;
      const attachment = await attachments.insert({
        fileId,
        fileName: f.name,
        originalFileName: f.name,
        groupCode: null,
        groupIndex: 0,
        attachCode: f.attachCode ?? null,
        sort: i + 1,
        signable: f.signable ?? false,
        signValid: f.signValid ?? false,
        isApproved: f.approved ?? false,
        managerComment: f.comment ?? null,
        valueIndex: i,
        code1C: f.attachCode ?? null,
        _pointId: point.id,
        _ownerId: p.owner,
        _state: 'stored',
        _signFileId: signFileId,
      });
      // As the questionnaire handlers do: a point's files reference attachment ids (download-attach/{id}).
      files.push({ fileId: attachment.id, name: f.name });
    }
    if (files.length) await points.put({ ...point, files });
  }
  return created;
}

/** Drafts (SPEC §3 Draft note): with a point → /tasks/{pointId}; without → /programs/create/{code1C}. */
const SEED_DRAFTS: { owner: number; name: string; code1C: string; pointName?: string }[] = [
  { owner: 7, name: 'Заявка на конкурс «Цифровые платформы-2026»', code1C: 'CIFRA-2026' },
  { owner: 7, name: 'Заявка на конкурс «Старт-2026»', code1C: 'START-2026', pointName: 'Заявка на конкурс «Старт-2026»' },
  { owner: 7, name: 'Отчёт по этапу 1: нейросетевая диагностика', code1C: 'PT-REPORT-STAGE1', pointName: 'Отчёт по этапу 1: нейросетевая диагностика' },
  { owner: 7, name: 'Предварительная регистрация 2026', code1C: 'PREREG-2026' },
  { owner: 8, name: 'Заявка на конкурс «Коммерциализация-2026»', code1C: 'KOMMERC-2026', pointName: 'Заявка на конкурс «Коммерциализация-2026»' },
  { owner: 8, name: 'Заявка на конкурс «УМНИК-2026»', code1C: 'UMNIK-2026' },
  { owner: 5, name: 'Экспертиза заявки № 1057 «Биочип для экспресс-анализа»', code1C: 'START-2026', pointName: 'Экспертиза заявки № 1057 «Биочип для экспресс-анализа»' },
];

async function insertDrafts(s: Services, drafts: typeof SEED_DRAFTS, created: Record<string, number>) {
  const templates = s.collection<Json>('templates');
  const notes = notesOf(s);
  const now = s.clock.now();
  for (const d of drafts) {
    const template = await templates.get(d.code1C);
    await notes.insert({
      name: d.name,
      code1C: d.code1C,
      pointId: d.pointName ? (created[d.pointName] ?? null) : null,
      pointName: d.pointName ?? null,
      _ownerId: d.owner,
      _templateCode: d.code1C,
      _pointCode: String(template?.templatePointCode ?? `${d.code1C}-POINT`),
      _values: {},
      _updatedAt: now,
    });
  }
}

export async function seedTasks(s: Services): Promise<void> {
  const templates = s.collection<Json>('templates');
  for (const t of PROJECT_TASK_TEMPLATES) if (!(await templates.get(t.code1C))) await templates.put(taskTemplateDoc(t));
  const created = await insertPoints(s, [...SEED_POINTS.map((p) => ({ p, expert: false })), ...EXPERT_POINTS.map((p) => ({ p, expert: true }))]);
  await insertDrafts(s, SEED_DRAFTS, created);
}

/**
 * A grantee of its own for the task-list tests (POST /__test/task-owner, test controls only): a fresh user with a copy
 * of the demo grantee's own tasks and drafts, outside any project. Nothing else touches them, so the lists, their
 * counts and their dates stay as seeded while other tests change the demo grantee's tasks in parallel.
 */
export async function seedTaskOwner(s: Services, userId: number): Promise<void> {
  const own = SEED_POINTS.filter((p) => p.owner === 7 && (p.responsible ?? 7) === 7);
  const created = await insertPoints(s, own.map((p) => ({ p: { ...p, owner: userId }, expert: false })), { withProjects: false });
  await insertDrafts(s, SEED_DRAFTS.filter((d) => d.owner === 7).map((d) => ({ ...d, owner: userId })), created);
}
