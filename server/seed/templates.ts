/**
 * Demo competitions (collection "competitions", shaped like the API `Competition`) and their questionnaires
 * (collection "templates", keyed by code1C, shaped like the API `Questionnaire`). Other seeds (tasks, projects)
 * read both collections, so the codes below are stable.
 *
 * Field type catalogue (SPEC §3 "Point field", §5 field types). Ids with a special meaning per SPEC: 6 url,
 * 12 identification-number lookup, 14 multi-value, 15 multi-value without the add button, 16 agreement checkbox.
 * `fieldType.validator` holds the named rules of SPEC §5, joined by "|": email, phone, url, latin,
 * cannotStartWithNumber, granteeKPP, granteeINN, granteeOGRN, granteeOKTMO, codePpp, `max:N` (string length),
 * `maxValue:N` (the largest amount of a number field) and the file rules `file:ext1,ext2` and `maxSize:bytes`. For
 * date fields `fieldType.defaultValue` is the input format (dd.MM.yyyy by default, MM.yyyy or yyyy); for
 * datetime-local the value "time" selects the "DD.MM.YYYY, HH:mm:ss" storage of a time field (SPEC §5 "Input
 * behaviour").
 */

export type DataType =
  | 'hidden'
  | 'text'
  | 'email'
  | 'date'
  | 'datetime-local'
  | 'dropFile'
  | 'textarea'
  | 'select'
  | 'select-other'
  | 'combobox'
  | 'group'
  | 'actionButton'
  | 'checkbox'
  | 'radio'
  | 'file'
  | 'rules'
  | 'number'
  | 'agree';

export interface FieldOption {
  id: number | string;
  value: string | null;
  name: string;
  disable?: 'Y' | 'N';
  sort?: number;
  description?: string | null;
}

export interface SeedFieldType {
  id: number;
  dataType: DataType;
  validator?: string | null;
  list?: FieldOption[] | null;
  defaultValue?: string | number | boolean | null;
}

export interface SeedField {
  code1C: string;
  paramName?: string | null;
  name: string;
  required?: boolean;
  defaultValue?: string | number | boolean | null;
  description?: string | null;
  note?: string | null;
  sort: number;
  groupCode: string | null;
  fieldType: SeedFieldType;
  multiple?: boolean;
  readOnly?: boolean;
  signable?: boolean;
  isApproved?: boolean;
  managerComment?: string | null;
}

export interface SeedGroup {
  code1C: string;
  name: string;
  description?: string | null;
  multiple?: boolean;
  readOnly?: boolean;
  groupIndex?: number | null;
}

export interface SeedAttachment {
  code1C: string;
  name: string;
  fileType: { maxSize: number | null; extensions: string[]; description?: string | null } | null;
  fileTypeId: number | null;
  parcelable?: boolean;
  buttonText?: string | null;
  valueIndex?: number | null;
  groupCode?: string | null;
  printDescription?: boolean | null;
  description?: string | null;
}

/** Values read from an uploaded file (recognition) and kept with a point until accepted. */
export interface ParsedItem {
  groupCode: string | null;
  name: string;
  code1C: string;
  values: { value: string | number | null; error: string | null }[];
}

export interface SeedQuestionnaire {
  id: string;
  code1C: string;
  name: string;
  point: {
    name: string;
    description: string | null;
    pointFields: SeedField[];
    pointGroups: SeedGroup[];
    pointAttachments: SeedAttachment[];
    parcedValues?: ParsedItem[];
  };
  templatePointCode: string;
  projectTypeCode: string | null;
  preRegistration: boolean;
  dateSubmitFrom: string | null;
  dateFillFrom: string | null;
  voteMode: boolean;
  expertMode: boolean;
}

export interface SeedCompetitionFile {
  id: number;
  name: string;
  description: string | null;
  url?: string | null;
}

export interface SeedCompetition {
  id: number;
  code1C: string;
  name: string;
  description: string | null;
  importantInfo: string | null;
  fullName: string | null;
  participantsRequirements: string | null;
  implementationRequirements: string | null;
  fundsRequirements: string | null;
  cofinancingRequirements: string | null;
  status: string | null;
  groupCode: string | null;
  hasActivePoints: boolean;
  hasUserActivePoints: boolean;
  dateFrom: string | null;
  dateTo: string | null;
  resultDateFrom: string | null;
  resultDateTo: string | null;
  supportLimit: number | null;
  dateFillFrom: string | null;
  dateSubmitFrom: string | null;
  preRegistration: boolean;
  files: SeedCompetitionFile[];
  /** Program the competition belongs to (GET /v2/projects/list/programm). */
  _programCode: string;
  /** Files to generate at seed time: file id → PDF text. */
  _fileTexts?: Record<number, string[]>;
}

export const COMPETITION_GROUPS = [
  { code: 'STARTUP', name: 'Программы для стартапов', description: 'Поддержка молодых технологических компаний на ранних стадиях', sort: 10 },
  { code: 'INNOVATION', name: 'Инновационные программы', description: 'Развитие и коммерциализация инновационных разработок', sort: 20 },
];

export const PROGRAMS = [
  { id: 1, code: 'START', name: 'Старт' },
  { id: 2, code: 'RAZVITIE', name: 'Развитие' },
  { id: 3, code: 'KOMMERC', name: 'Коммерциализация' },
  { id: 4, code: 'UMNIK', name: 'УМНИК' },
  { id: 5, code: 'CIFRA', name: 'Цифровые технологии' },
  { id: 6, code: 'KOOP', name: 'Кооперация' },
  { id: 7, code: 'EXPERT', name: 'Экспертиза заявок' },
];

// ------------------------------------------------------------------ field types

const options = (names: string[], prefix: string): FieldOption[] =>
  names.map((name, i) => ({ id: `${prefix}-${i + 1}`, value: name, name, disable: 'N', sort: (i + 1) * 10, description: null }));

export const FT = {
  text: { id: 1, dataType: 'text' },
  textarea: { id: 2, dataType: 'textarea' },
  email: { id: 3, dataType: 'email', validator: 'email' },
  date: { id: 4, dataType: 'date', defaultValue: 'dd.MM.yyyy' },
  number: { id: 5, dataType: 'number' },
  url: { id: 6, dataType: 'text', validator: 'url' },
  inn: { id: 12, dataType: 'text', validator: 'granteeINN' },
  phone: { id: 13, dataType: 'text', validator: 'phone' },
  multi: { id: 14, dataType: 'text' },
  multiFixed: { id: 15, dataType: 'text' },
  agree: { id: 16, dataType: 'agree' },
  datetime: { id: 17, dataType: 'datetime-local' },
  file: { id: 18, dataType: 'file' },
  dropFile: { id: 19, dataType: 'dropFile' },
  hidden: { id: 20, dataType: 'hidden' },
  rules: { id: 21, dataType: 'rules' },
  actionButton: { id: 22, dataType: 'actionButton' },
  heading: { id: 23, dataType: 'group' },
  latin: { id: 24, dataType: 'text', validator: 'latin' },
  kpp: { id: 25, dataType: 'text', validator: 'granteeKPP' },
  ogrn: { id: 26, dataType: 'text', validator: 'granteeOGRN' },
  oktmo: { id: 27, dataType: 'text', validator: 'granteeOKTMO' },
  codePpp: { id: 28, dataType: 'text', validator: 'codePpp' },
  noDigitStart: { id: 29, dataType: 'text', validator: 'cannotStartWithNumber|max:60' },
  month: { id: 31, dataType: 'date', defaultValue: 'MM.yyyy' },
  year: { id: 32, dataType: 'date', defaultValue: 'yyyy' },
  time: { id: 33, dataType: 'datetime-local', defaultValue: 'time' },
} satisfies Record<string, SeedFieldType>;

const select = (list: FieldOption[]): SeedFieldType => ({ id: 7, dataType: 'select', list });
const selectOther = (list: FieldOption[]): SeedFieldType => ({ id: 8, dataType: 'select-other', list });
const combobox = (list: FieldOption[]): SeedFieldType => ({ id: 9, dataType: 'combobox', list });
const checkbox = (list: FieldOption[]): SeedFieldType => ({ id: 10, dataType: 'checkbox', list });
const radio = (list: FieldOption[]): SeedFieldType => ({ id: 11, dataType: 'radio', list });
const withRule = (type: SeedFieldType, validator: string): SeedFieldType => ({ ...type, validator: type.validator ? `${type.validator}|${validator}` : validator });

export const REGIONS = [
  'Москва', 'Санкт-Петербург', 'Московская область', 'Ленинградская область', 'Республика Татарстан', 'Новосибирская область',
  'Свердловская область', 'Томская область', 'Самарская область', 'Нижегородская область', 'Пермский край', 'Красноярский край',
  'Республика Башкортостан', 'Воронежская область', 'Ростовская область', 'Краснодарский край', 'Челябинская область',
  'Омская область', 'Калужская область', 'Ярославская область', 'Приморский край', 'Хабаровский край', 'Иркутская область',
];

const INDUSTRIES = ['Информационные технологии', 'Медицина и здравоохранение', 'Новые материалы и химия', 'Энергетика', 'Агротехнологии', 'Робототехника'];
const DIRECTIONS = ['Искусственный интеллект', 'Биотехнологии', 'Промышленный интернет вещей', 'Новые источники энергии', 'Другое'];
const TRL = ['Идея (УГТ 1–2)', 'Лабораторный образец (УГТ 3–4)', 'Опытный образец (УГТ 5–6)', 'Готовый продукт (УГТ 7–9)'];
const TAGS = ['Импортозамещение', 'Экспортный потенциал', 'Социальная значимость', 'Экологичность', 'Сквозные технологии'];
const TEAM_ROLES = ['Руководитель проекта', 'Технический специалист', 'Маркетолог', 'Финансовый менеджер', 'Научный консультант'];

// ------------------------------------------------------------------ dates

const DAY = 86_400_000;
/** Dates of the demo are relative to the seed day (00:00 Moscow), so the demo stays meaningful on any day. */
export function seedDay(now: number): number {
  const msk = now + 3 * 3600_000;
  return msk - (msk % DAY) - 3 * 3600_000;
}
const iso = (ms: number) => new Date(ms).toISOString();

// ------------------------------------------------------------------ START-2026: every field type and rule

const RULES_HTML =
  '<p><strong>Правила конкурса «Старт-2026»</strong></p><ol><li>Заявку подаёт юридическое лицо, зарегистрированное не более 2 лет назад.</li>' +
  '<li>Размер гранта — до 4 000 000 рублей, срок выполнения проекта — 12 месяцев.</li>' +
  '<li>Заявка подписывается квалифицированной электронной подписью руководителя организации.</li>' +
  '<li>Фонд вправе запросить дополнительные документы на этапе экспертизы.</li></ol>';

function startFields(): SeedField[] {
  let sort = 0;
  const f = (field: Omit<SeedField, 'sort'>): SeedField => ({ required: false, multiple: false, readOnly: false, signable: false, isApproved: false, managerComment: null, description: null, note: null, defaultValue: null, paramName: null, ...field, sort: (sort += 10) });
  return [
    // Сведения о проекте
    f({ code1C: 'ST_PROJECT_NAME', paramName: 'projectName', name: 'Название проекта', required: true, groupCode: 'ST_PROJECT', fieldType: withRule(FT.text, 'max:255'), note: 'Не более 255 символов', signable: true }),
    f({ code1C: 'ST_PROJECT_DESCRIPTION', paramName: 'projectDescription', name: 'Краткое описание проекта', required: true, groupCode: 'ST_PROJECT', fieldType: withRule(FT.textarea, 'max:2000'), description: 'Опишите суть разработки, её новизну и область применения.', signable: true }),
    f({ code1C: 'ST_PROJECT_CODE', name: 'Краткий код проекта (латиница)', groupCode: 'ST_PROJECT', fieldType: FT.latin, note: 'Латинские буквы, цифры, дефис и подчёркивание' }),
    f({ code1C: 'ST_PROJECT_BRAND', name: 'Торговая марка продукта', groupCode: 'ST_PROJECT', fieldType: FT.noDigitStart }),
    f({ code1C: 'ST_PROJECT_SITE', name: 'Сайт проекта', groupCode: 'ST_PROJECT', fieldType: FT.url }),
    f({ code1C: 'ST_INDUSTRY', name: 'Отрасль', required: true, groupCode: 'ST_PROJECT', fieldType: select(options(INDUSTRIES, 'ind')) }),
    f({ code1C: 'ST_DIRECTION', name: 'Технологическое направление', required: true, groupCode: 'ST_PROJECT', fieldType: selectOther(options(DIRECTIONS, 'dir')), note: 'Если подходящего направления нет, выберите «Другое» и впишите своё' }),
    f({ code1C: 'ST_REGION', name: 'Регион реализации проекта', required: true, groupCode: 'ST_PROJECT', fieldType: combobox(options(REGIONS, 'reg')) }),
    f({ code1C: 'ST_TRL', name: 'Уровень готовности технологии', required: true, groupCode: 'ST_PROJECT', fieldType: radio(options(TRL, 'trl')) }),
    f({ code1C: 'ST_TAGS', name: 'Признаки проекта', groupCode: 'ST_PROJECT', fieldType: checkbox(options(TAGS, 'tag')), description: 'Отметьте все подходящие' }),
    f({ code1C: 'ST_KEYWORDS', name: 'Ключевые слова', groupCode: 'ST_PROJECT', fieldType: FT.multi, multiple: true, note: 'По одному слову или словосочетанию в строке' }),
    f({ code1C: 'ST_START_DATE', name: 'Дата начала проекта', required: true, groupCode: 'ST_PROJECT', fieldType: FT.date }),
    f({ code1C: 'ST_IDEA_MONTH', name: 'Месяц появления идеи', groupCode: 'ST_PROJECT', fieldType: FT.month }),
    f({ code1C: 'ST_FOUNDED_YEAR', name: 'Год основания команды', groupCode: 'ST_PROJECT', fieldType: FT.year }),
    f({ code1C: 'ST_DEMO_AT', name: 'Дата и время демонстрации прототипа', groupCode: 'ST_PROJECT', fieldType: FT.datetime }),
    f({ code1C: 'ST_CALL_AT', name: 'Удобное время для звонка эксперта', groupCode: 'ST_PROJECT', fieldType: FT.time }),
    // The competition's maximum (supportLimit of START-2026) as the field's rule: checked per field and on submit.
    f({ code1C: 'ST_BUDGET', name: 'Запрашиваемая сумма гранта, руб.', required: true, groupCode: 'ST_PROJECT', fieldType: withRule(FT.number, 'maxValue:4000000'), note: 'Не более 4 000 000 рублей' }),
    f({ code1C: 'ST_SOURCE', name: 'Источник заявки', groupCode: 'ST_PROJECT', fieldType: { ...FT.hidden, defaultValue: 'cabinet-v2' }, defaultValue: 'cabinet-v2' }),
    // Сведения о заявителе
    f({ code1C: 'ST_REQUISITES', name: 'Реквизиты организации', groupCode: 'ST_GRANTEE', fieldType: FT.heading, description: 'Введите ИНН — остальные реквизиты заполнятся автоматически.' }),
    f({ code1C: 'ST_INN', paramName: 'granteeINN', name: 'ИНН организации', required: true, groupCode: 'ST_GRANTEE', fieldType: FT.inn, signable: true }),
    f({ code1C: 'ST_ORG_NAME', paramName: 'granteeName', name: 'Полное наименование организации', required: true, groupCode: 'ST_GRANTEE', fieldType: FT.text, signable: true }),
    f({ code1C: 'ST_KPP', paramName: 'granteeKPP', name: 'КПП', required: true, groupCode: 'ST_GRANTEE', fieldType: FT.kpp }),
    f({ code1C: 'ST_OGRN', paramName: 'granteeOGRN', name: 'ОГРН', required: true, groupCode: 'ST_GRANTEE', fieldType: FT.ogrn }),
    f({ code1C: 'ST_OKTMO', paramName: 'granteeOKTMO', name: 'ОКТМО', groupCode: 'ST_GRANTEE', fieldType: FT.oktmo }),
    f({ code1C: 'ST_ADDRESS', paramName: 'granteeAddress', name: 'Юридический адрес', groupCode: 'ST_GRANTEE', fieldType: FT.textarea }),
    f({ code1C: 'ST_CODE_PPP', name: 'Номер Центра НТИ в системе 1С', groupCode: 'ST_GRANTEE', fieldType: FT.codePpp, note: 'Заполняется, если проект выполняется с Центром НТИ' }),
    f({ code1C: 'ST_EGRUL_CHECK', name: 'Как проверить организацию', groupCode: 'ST_GRANTEE', fieldType: FT.actionButton, description: '<p>Сведения об организации можно проверить в сервисе ФНС «Прозрачный бизнес».</p><p>Убедитесь, что ИНН, КПП и ОГРН совпадают с выпиской из ЕГРЮЛ, приложенной к заявке.</p>' }),
    f({ code1C: 'ST_EMAIL', name: 'Электронная почта для связи', required: true, groupCode: 'ST_GRANTEE', fieldType: FT.email }),
    f({ code1C: 'ST_PHONE', name: 'Контактный телефон', required: true, groupCode: 'ST_GRANTEE', fieldType: FT.phone }),
    f({ code1C: 'ST_CHARTER', name: 'Устав организации', required: true, groupCode: 'ST_GRANTEE', fieldType: withRule(FT.file, 'file:pdf,doc,docx'), note: 'PDF, DOC или DOCX, до 100 МБ', signable: true }),
    // Команда проекта (repeatable)
    f({ code1C: 'ST_TEAM_FIO', name: 'ФИО участника', required: true, groupCode: 'ST_TEAM', fieldType: withRule(FT.text, 'max:150') }),
    f({ code1C: 'ST_TEAM_ROLE', name: 'Роль в проекте', required: true, groupCode: 'ST_TEAM', fieldType: select(options(TEAM_ROLES, 'role')) }),
    f({ code1C: 'ST_TEAM_EMAIL', name: 'E-mail участника', groupCode: 'ST_TEAM', fieldType: FT.email }),
    f({ code1C: 'ST_TEAM_PHONE', name: 'Телефон участника', groupCode: 'ST_TEAM', fieldType: FT.phone }),
    f({ code1C: 'ST_TEAM_CV', name: 'Резюме участника', groupCode: 'ST_TEAM', fieldType: withRule(FT.dropFile, 'file:pdf,docx'), note: 'Один файл PDF или DOCX, до 20 МБ' }),
    // Календарный план (repeatable)
    f({ code1C: 'ST_PLAN_STAGE', name: 'Наименование этапа', required: true, groupCode: 'ST_PLAN', fieldType: FT.text }),
    f({ code1C: 'ST_PLAN_FROM', name: 'Начало этапа', required: true, groupCode: 'ST_PLAN', fieldType: FT.date }),
    f({ code1C: 'ST_PLAN_TO', name: 'Окончание этапа', required: true, groupCode: 'ST_PLAN', fieldType: FT.date }),
    f({ code1C: 'ST_PLAN_COST', name: 'Стоимость этапа, руб.', required: true, groupCode: 'ST_PLAN', fieldType: FT.number }),
    // Публикации и материалы
    f({ code1C: 'ST_PUBLICATIONS', name: 'Ссылки на публикации о проекте', groupCode: 'ST_MATERIALS', fieldType: withRule(FT.multiFixed, 'url'), multiple: true, note: 'Можно изменить найденные ссылки; новые строки не добавляются' }),
    f({ code1C: 'ST_PRESENTATION', name: 'Презентация и дополнительные материалы', groupCode: 'ST_MATERIALS', fieldType: withRule(FT.dropFile, 'file:pdf,pptx,png,jpg|maxSize:10485760'), multiple: true, note: 'PDF, PPTX, PNG или JPG, каждый до 10 МБ' }),
    f({ code1C: 'ST_FUND_COMMENT', name: 'Комментарий фонда', groupCode: 'ST_MATERIALS', fieldType: FT.textarea, readOnly: true, defaultValue: 'Заявки принимаются до окончания срока конкурса. Вопросы по заполнению — через форму «Задать вопрос».' }),
    // Согласия
    f({ code1C: 'ST_RULES', name: 'Правила конкурса', groupCode: 'ST_AGREE', fieldType: { ...FT.rules, defaultValue: RULES_HTML }, description: RULES_HTML }),
    f({ code1C: 'ST_AGREE_PD', name: 'Согласен на обработку персональных данных в соответствии с 152-ФЗ', required: true, groupCode: 'ST_AGREE', fieldType: FT.agree, signable: true }),
  ];
}

function startQuestionnaire(day: number): SeedQuestionnaire {
  return {
    id: 'START-2026',
    code1C: 'START-2026',
    name: '«Старт» 2026',
    point: {
      name: 'Заявка на участие в конкурсе «Старт-2026»',
      description:
        '<p>Перед заполнением ознакомьтесь с положением о конкурсе. Поля, отмеченные звёздочкой, обязательны.</p>' +
        '<p>Выписку из ЕГРЮЛ можно загрузить в разделе «Сведения о заявителе» — реквизиты будут распознаны автоматически.</p>',
      pointGroups: [
        { code1C: 'ST_PROJECT', name: 'Сведения о проекте', description: 'Основная информация о проекте и запрашиваемом гранте', multiple: false, readOnly: false, groupIndex: 0 },
        { code1C: 'ST_GRANTEE', name: 'Сведения о заявителе', description: 'Реквизиты организации-заявителя', multiple: false, readOnly: false, groupIndex: 0 },
        { code1C: 'ST_TEAM', name: 'Команда проекта', description: 'Добавьте каждого ключевого участника команды', multiple: true, readOnly: false, groupIndex: 0 },
        { code1C: 'ST_PLAN', name: 'Календарный план', description: 'Этапы выполнения проекта', multiple: true, readOnly: false, groupIndex: 0 },
        { code1C: 'ST_MATERIALS', name: 'Публикации и материалы', description: null, multiple: false, readOnly: false, groupIndex: 0 },
        { code1C: 'ST_AGREE', name: 'Согласия', description: null, multiple: false, readOnly: false, groupIndex: 0 },
      ],
      pointFields: startFields(),
      pointAttachments: [
        { code1C: 'ATT_ST_EGRUL', name: 'Выписка из ЕГРЮЛ', fileType: { maxSize: 20971520, extensions: ['pdf', 'txt'], description: 'PDF или TXT' }, fileTypeId: 3, parcelable: true, buttonText: 'Загрузить и распознать', valueIndex: 0, groupCode: 'ST_GRANTEE', printDescription: true, description: 'Выписка не старше 30 дней. Реквизиты организации будут распознаны и подставлены в анкету.' },
        { code1C: 'ATT_ST_SMETA', name: 'Смета расходов', fileType: { maxSize: 5242880, extensions: ['csv', 'txt'], description: 'CSV: «Статья;Сумма»' }, fileTypeId: 4, parcelable: true, buttonText: 'Загрузить смету', valueIndex: 0, groupCode: 'ST_PROJECT', printDescription: true, description: 'Файл CSV со строками «Статья расходов;Сумма». Итог будет перенесён в поле «Запрашиваемая сумма гранта».' },
        { code1C: 'ATT_ST_LETTER', name: 'Письмо поддержки от индустриального партнёра', fileType: { maxSize: 5242880, extensions: ['pdf'], description: 'PDF до 5 МБ' }, fileTypeId: 5, parcelable: false, buttonText: null, valueIndex: 0, groupCode: 'ST_MATERIALS', printDescription: true, description: 'Подписанное письмо на бланке организации-партнёра.' },
        { code1C: 'ATT_ST_EXAMPLE', name: 'Заявка по образцу фонда', fileType: { maxSize: null, extensions: ['pdf', 'docx'], description: null }, fileTypeId: 19, parcelable: false, buttonText: null, valueIndex: 0, groupCode: 'ST_MATERIALS', printDescription: false, description: 'Описание образца не показывается' },
      ],
    },
    templatePointCode: 'START-2026-APPLICATION',
    projectTypeCode: 'START',
    preRegistration: false,
    dateSubmitFrom: iso(day - 20 * DAY),
    dateFillFrom: iso(day - 30 * DAY),
    voteMode: false,
    expertMode: false,
  };
}

// ------------------------------------------------------------------ smaller questionnaires

interface SimpleSpec {
  code: string;
  name: string;
  pointName: string;
  prefix: string;
  groups: { code: string; name: string; multiple?: boolean }[];
  fields: Omit<SeedField, 'sort'>[];
  attachments?: SeedAttachment[];
  dateSubmitFrom: string | null;
  dateFillFrom: string | null;
  preRegistration?: boolean;
  voteMode?: boolean;
  expertMode?: boolean;
  description?: string | null;
}

function simpleQuestionnaire(spec: SimpleSpec): SeedQuestionnaire {
  return {
    id: spec.code,
    code1C: spec.code,
    name: spec.name,
    point: {
      name: spec.pointName,
      description: spec.description ?? null,
      pointGroups: spec.groups.map((g) => ({ code1C: g.code, name: g.name, description: null, multiple: !!g.multiple, readOnly: false, groupIndex: 0 })),
      pointFields: spec.fields.map((field, i) => ({ required: false, multiple: false, readOnly: false, signable: false, isApproved: false, managerComment: null, description: null, note: null, defaultValue: null, paramName: null, ...field, sort: (i + 1) * 10 })),
      pointAttachments: spec.attachments ?? [],
    },
    templatePointCode: `${spec.code}-APPLICATION`,
    projectTypeCode: spec.prefix,
    preRegistration: !!spec.preRegistration,
    dateSubmitFrom: spec.dateSubmitFrom,
    dateFillFrom: spec.dateFillFrom,
    voteMode: !!spec.voteMode,
    expertMode: !!spec.expertMode,
  };
}

const pdfAttachment = (code: string, name: string, groupCode: string | null, description: string): SeedAttachment => ({
  code1C: code, name, fileType: { maxSize: 10485760, extensions: ['pdf'], description: 'PDF до 10 МБ' }, fileTypeId: 5, parcelable: false, buttonText: null, valueIndex: 0, groupCode, printDescription: true, description,
});

function otherQuestionnaires(day: number): SeedQuestionnaire[] {
  const d = (offset: number) => iso(day + offset * DAY);
  return [
    simpleQuestionnaire({
      code: 'RAZVITIE-2026', name: '«Развитие» 2026', pointName: 'Заявка на конкурс «Развитие-2026»', prefix: 'RAZVITIE',
      groups: [{ code: 'RZ_PROJECT', name: 'Проект' }, { code: 'RZ_COMPANY', name: 'Компания' }, { code: 'RZ_PRODUCTS', name: 'Выпускаемая продукция', multiple: true }],
      fields: [
        { code1C: 'RZ_PROJECT_NAME', paramName: 'projectName', name: 'Название проекта', required: true, groupCode: 'RZ_PROJECT', fieldType: withRule(FT.text, 'max:255') },
        { code1C: 'RZ_GOAL', name: 'Цель проекта', required: true, groupCode: 'RZ_PROJECT', fieldType: FT.textarea },
        { code1C: 'RZ_REVENUE', name: 'Выручка за последний год, руб.', required: true, groupCode: 'RZ_COMPANY', fieldType: FT.number },
        { code1C: 'RZ_INN', paramName: 'granteeINN', name: 'ИНН организации', required: true, groupCode: 'RZ_COMPANY', fieldType: FT.inn },
        { code1C: 'RZ_ORG_NAME', paramName: 'granteeName', name: 'Наименование организации', required: true, groupCode: 'RZ_COMPANY', fieldType: FT.text },
        { code1C: 'RZ_PHONE', name: 'Телефон', required: true, groupCode: 'RZ_COMPANY', fieldType: FT.phone },
        { code1C: 'RZ_PRODUCT', name: 'Наименование продукции', required: true, groupCode: 'RZ_PRODUCTS', fieldType: FT.text },
        { code1C: 'RZ_PRODUCT_SHARE', name: 'Доля в выручке, %', groupCode: 'RZ_PRODUCTS', fieldType: FT.number },
      ],
      attachments: [pdfAttachment('ATT_RZ_REPORT', 'Бухгалтерская отчётность за последний год', 'RZ_COMPANY', 'Формы 1 и 2 с отметкой налогового органа.')],
      dateFillFrom: d(-60), dateSubmitFrom: d(-50),
    }),
    simpleQuestionnaire({
      code: 'KOMMERC-2026', name: '«Коммерциализация» 2026', pointName: 'Заявка на конкурс «Коммерциализация-2026»', prefix: 'KOMMERC',
      groups: [{ code: 'KM_PROJECT', name: 'Проект' }, { code: 'KM_MARKET', name: 'Рынок' }],
      fields: [
        { code1C: 'KM_PROJECT_NAME', paramName: 'projectName', name: 'Название проекта', required: true, groupCode: 'KM_PROJECT', fieldType: FT.text },
        { code1C: 'KM_PROJECT_DESCRIPTION', paramName: 'projectDescription', name: 'Описание продукта', required: true, groupCode: 'KM_PROJECT', fieldType: FT.textarea },
        { code1C: 'KM_MARKET_SIZE', name: 'Объём целевого рынка, млн руб.', required: true, groupCode: 'KM_MARKET', fieldType: FT.number },
        { code1C: 'KM_COMPETITORS', name: 'Основные конкуренты', groupCode: 'KM_MARKET', fieldType: FT.multi, multiple: true },
        { code1C: 'KM_SITE', name: 'Сайт компании', groupCode: 'KM_MARKET', fieldType: FT.url },
      ],
      attachments: [pdfAttachment('ATT_KM_BUSINESS_PLAN', 'Бизнес-план', 'KM_MARKET', 'Бизнес-план по форме фонда.')],
      dateFillFrom: d(-10), dateSubmitFrom: d(-10),
    }),
    simpleQuestionnaire({
      code: 'UMNIK-2026', name: '«УМНИК» 2026', pointName: 'Заявка на конкурс «УМНИК-2026»', prefix: 'UMNIK',
      groups: [{ code: 'UM_PERSON', name: 'Участник' }, { code: 'UM_IDEA', name: 'Научно-техническая идея' }],
      fields: [
        { code1C: 'UM_FIO', name: 'ФИО участника', required: true, groupCode: 'UM_PERSON', fieldType: FT.text },
        { code1C: 'UM_BIRTH', name: 'Дата рождения', required: true, groupCode: 'UM_PERSON', fieldType: FT.date },
        { code1C: 'UM_EMAIL', name: 'E-mail', required: true, groupCode: 'UM_PERSON', fieldType: FT.email },
        { code1C: 'UM_UNIVERSITY', name: 'Вуз или научная организация', required: true, groupCode: 'UM_PERSON', fieldType: FT.text },
        // No projectName field here: the form adds the required "Название проекта" itself (SPEC §5).
        { code1C: 'UM_IDEA_NAME', name: 'Название научно-технической идеи', required: true, groupCode: 'UM_IDEA', fieldType: FT.text },
        { code1C: 'UM_ABSTRACT', name: 'Аннотация', required: true, groupCode: 'UM_IDEA', fieldType: withRule(FT.textarea, 'max:1500') },
        { code1C: 'UM_AGREE', name: 'Подтверждаю, что мне от 18 до 30 лет', required: true, groupCode: 'UM_IDEA', fieldType: FT.agree },
      ],
      dateFillFrom: d(-5), dateSubmitFrom: d(-5),
    }),
    simpleQuestionnaire({
      code: 'CIFRA-2026', name: '«Цифровые технологии» 2026', pointName: 'Заявка на конкурс «Цифровые технологии-2026»', prefix: 'CIFRA',
      groups: [{ code: 'CF_PROJECT', name: 'Проект' }],
      fields: [
        { code1C: 'CF_PROJECT_NAME', paramName: 'projectName', name: 'Название проекта', required: true, groupCode: 'CF_PROJECT', fieldType: FT.text },
        { code1C: 'CF_TECH', name: 'Сквозная цифровая технология', required: true, groupCode: 'CF_PROJECT', fieldType: select(options(['Большие данные', 'Искусственный интеллект', 'Квантовые технологии', 'Робототехника и сенсорика', 'Технологии беспроводной связи'], 'cf')) },
        { code1C: 'CF_REPO', name: 'Ссылка на репозиторий', groupCode: 'CF_PROJECT', fieldType: FT.url },
      ],
      dateFillFrom: d(-3), dateSubmitFrom: d(14),
    }),
    simpleQuestionnaire({
      code: 'PREREG-2026', name: 'Предварительная регистрация «Акселератор-2026»', pointName: 'Анкета предварительной регистрации', prefix: 'PREREG',
      groups: [{ code: 'PR_MAIN', name: 'Регистрационные данные' }],
      fields: [
        { code1C: 'PR_PROJECT_NAME', paramName: 'projectName', name: 'Рабочее название проекта', required: true, groupCode: 'PR_MAIN', fieldType: FT.text },
        { code1C: 'PR_CONTACT', name: 'Контактное лицо', required: true, groupCode: 'PR_MAIN', fieldType: FT.text },
        { code1C: 'PR_PHONE', name: 'Телефон', required: true, groupCode: 'PR_MAIN', fieldType: FT.phone },
        { code1C: 'PR_EMAIL', name: 'E-mail', required: true, groupCode: 'PR_MAIN', fieldType: FT.email },
      ],
      preRegistration: true, dateFillFrom: d(-7), dateSubmitFrom: d(-7),
    }),
    simpleQuestionnaire({
      code: 'VOTE-2026', name: 'Народное голосование «Технологии будущего» 2026', pointName: 'Бюллетень голосования', prefix: 'VOTE',
      groups: [{ code: 'VT_MAIN', name: 'Оценка проектов' }],
      fields: [
        { code1C: 'VT_PROJECT_NAME', paramName: 'projectName', name: 'Оцениваемый проект', required: true, groupCode: 'VT_MAIN', fieldType: select(options(['«НейроДиагност»', '«АгроСенсор»', '«ЭкоБетон»', '«УмныйСвет»'], 'vp')) },
        { code1C: 'VT_NOVELTY', name: 'Новизна решения', required: true, groupCode: 'VT_MAIN', fieldType: radio(options(['1 — низкая', '2', '3', '4', '5 — высокая'], 'nv')) },
        { code1C: 'VT_MARKET', name: 'Рыночный потенциал', required: true, groupCode: 'VT_MAIN', fieldType: radio(options(['1 — низкий', '2', '3', '4', '5 — высокий'], 'mk')) },
        { code1C: 'VT_COMMENT', name: 'Комментарий к оценке', groupCode: 'VT_MAIN', fieldType: FT.textarea },
      ],
      voteMode: true, expertMode: true, dateFillFrom: d(-15), dateSubmitFrom: d(-15),
    }),
    simpleQuestionnaire({
      code: 'KOOP-2025', name: '«Кооперация» 2025', pointName: 'Заявка на конкурс «Кооперация-2025»', prefix: 'KOOP',
      groups: [{ code: 'KP_MAIN', name: 'Проект кооперации' }],
      fields: [
        { code1C: 'KP_PROJECT_NAME', paramName: 'projectName', name: 'Название проекта', required: true, groupCode: 'KP_MAIN', fieldType: FT.text },
        { code1C: 'KP_PARTNER', name: 'Индустриальный партнёр', required: true, groupCode: 'KP_MAIN', fieldType: FT.text },
        { code1C: 'KP_PARTNER_INN', name: 'ИНН партнёра', required: true, groupCode: 'KP_MAIN', fieldType: FT.inn },
      ],
      dateFillFrom: '2025-03-01T00:00:00.000Z', dateSubmitFrom: '2025-03-01T00:00:00.000Z',
    }),
  ];
}

/** A 300-field questionnaire for the typing benchmark (DESIGN.md budget: a keystroke painted in ≤ 50 ms). */
export function perfQuestionnaire(day: number): SeedQuestionnaire {
  // Five of every eight fields are one-line text inputs (text, number, date), so the benchmark finds its 151st text input.
  const kinds: SeedFieldType[] = [FT.text, FT.text, FT.text, FT.textarea, FT.number, FT.date, FT.email, select(options(INDUSTRIES, 'pf'))];
  const groups = Array.from({ length: 10 }, (_, g) => ({ code: `PF_G${g + 1}`, name: `Раздел ${g + 1}. ${['Общие сведения', 'Команда', 'Рынок', 'Технология', 'Финансы', 'Риски', 'Партнёры', 'Интеллектуальная собственность', 'Производство', 'Планы'][g]}` }));
  const fields: Omit<SeedField, 'sort'>[] = [];
  for (let i = 0; i < 300; i++) {
    const group = groups[Math.floor(i / 30)]!;
    fields.push({
      code1C: `PF_${String(i + 1).padStart(3, '0')}`,
      paramName: i === 0 ? 'projectName' : null,
      name: i === 0 ? 'Название проекта' : `Показатель ${i + 1}`,
      required: i % 7 === 0,
      groupCode: group.code,
      fieldType: kinds[i % kinds.length]!,
    });
  }
  return simpleQuestionnaire({
    code: 'PERF-300', name: 'Анкета из 300 полей (нагрузочный тест)', pointName: 'Расширенная анкета проекта', prefix: 'PERF',
    groups, fields, dateFillFrom: iso(day - 30 * DAY), dateSubmitFrom: iso(day - 30 * DAY),
  });
}

export function demoQuestionnaires(now: number): SeedQuestionnaire[] {
  const day = seedDay(now);
  return [startQuestionnaire(day), ...otherQuestionnaires(day), perfQuestionnaire(day)];
}

// ------------------------------------------------------------------ competitions

const SCRIPT_PROOF =
  '<p>Конкурс «Развитие» поддерживает компании, которые уже вывели продукт на рынок и готовы масштабировать производство.</p>' +
  '<img src="x" onerror="window.__descriptionScriptRan = true" alt="">' +
  '<script>window.__descriptionScriptRan = true;</script>' +
  '<p><a href="javascript:window.__descriptionScriptRan=true">Подробнее о программе</a></p>';

export function demoCompetitions(now: number): SeedCompetition[] {
  const day = seedDay(now);
  const d = (offset: number) => iso(day + offset * DAY);
  const base = { hasActivePoints: false, hasUserActivePoints: false, preRegistration: false };
  const req = {
    participants:
      '<ul><li>Малое инновационное предприятие, зарегистрированное в реестре МСП</li><li>Отсутствие задолженности по налогам и сборам</li><li>Не менее двух сотрудников в штате</li></ul>',
    implementation: '<p>Проект выполняется в течение 12 месяцев; результаты — опытный образец и отчёт о НИОКР.</p>',
    funds: '<p>Средства гранта расходуются на оплату труда, материалы, сторонние услуги и патентование. Не более 10% — на приобретение оборудования.</p>',
    cofinancing: '<p>Внебюджетное софинансирование — не менее 30% от суммы гранта.</p>',
  };
  return [
    {
      ...base, id: 1, code1C: 'START-2026', name: '«Старт» 2026', status: 'Прием заявок', groupCode: 'STARTUP', _programCode: 'START',
      fullName: 'Конкурс «Старт-2026» программы «Старт» Фонда содействия инновациям',
      description: '<p>Программа «Старт» направлена на создание новых и поддержку существующих малых инновационных предприятий, стремящихся разработать и освоить производство нового товара, изделия, технологии или услуги.</p><p><em>Грант предоставляется на выполнение НИОКР.</em></p>',
      importantInfo: '<p><strong>Важно:</strong> заявка подписывается квалифицированной электронной подписью руководителя организации.</p>',
      participantsRequirements: req.participants, implementationRequirements: req.implementation, fundsRequirements: req.funds, cofinancingRequirements: '<p>Софинансирование не требуется.</p>',
      dateFrom: d(-30), dateTo: d(45), resultDateFrom: d(60), resultDateTo: d(90), supportLimit: 4_000_000, dateFillFrom: d(-30), dateSubmitFrom: d(-20),
      files: [
        { id: 101, name: 'Положение о конкурсе «Старт-2026».pdf', description: 'Порядок проведения конкурса и критерии оценки' },
        { id: 102, name: 'Методические рекомендации по заполнению заявки.pdf', description: 'Пошаговое описание разделов анкеты' },
        { id: 103, name: 'Форма календарного плана.pdf', description: null },
      ],
      _fileTexts: {
        101: ['Положение о конкурсе «Старт-2026»', '1. Конкурс проводится Фондом содействия инновациям.', '2. Максимальный размер гранта — 4 000 000 рублей.', '3. Срок выполнения проекта — 12 месяцев.'],
        102: ['Методические рекомендации', 'Заполните разделы «Сведения о проекте», «Сведения о заявителе», «Команда проекта» и «Календарный план».', 'Выписку из ЕГРЮЛ загрузите в формате PDF или TXT.'],
        103: ['Форма календарного плана', 'Этап 1. Разработка технического задания.', 'Этап 2. Изготовление опытного образца.', 'Этап 3. Испытания и отчёт.'],
      },
    },
    {
      ...base, id: 2, code1C: 'RAZVITIE-2026', name: '«Развитие» 2026', status: 'Прием заявок', groupCode: 'STARTUP', _programCode: 'RAZVITIE',
      fullName: 'Конкурс «Развитие-2026» программы «Развитие»',
      description: SCRIPT_PROOF,
      importantInfo: '<p>Приём заявок завершается в 23:59 по московскому времени в последний день конкурса.</p>',
      participantsRequirements: req.participants, implementationRequirements: req.implementation, fundsRequirements: req.funds, cofinancingRequirements: req.cofinancing,
      dateFrom: d(-60), dateTo: d(30), resultDateFrom: d(45), resultDateTo: d(75), supportLimit: 10_000_000, dateFillFrom: d(-60), dateSubmitFrom: d(-50),
      files: [{ id: 104, name: 'Положение о конкурсе «Развитие-2026».pdf', description: 'Условия и критерии' }],
      _fileTexts: { 104: ['Положение о конкурсе «Развитие-2026»', 'Максимальный размер гранта — 10 000 000 рублей.', 'Софинансирование — не менее 30%.'] },
    },
    {
      ...base, id: 3, code1C: 'KOMMERC-2026', name: '«Коммерциализация» 2026', status: 'Прием заявок', groupCode: 'INNOVATION', _programCode: 'KOMMERC',
      fullName: 'Конкурс «Коммерциализация-2026»',
      description: '<p>Поддержка проектов, направленных на коммерциализацию результатов научно-технической деятельности и расширение производства.</p>',
      importantInfo: null,
      participantsRequirements: req.participants, implementationRequirements: req.implementation, fundsRequirements: req.funds, cofinancingRequirements: '<p>Софинансирование — не менее 50% от суммы гранта.</p>',
      dateFrom: d(-10), dateTo: d(80), resultDateFrom: d(95), resultDateTo: d(120), supportLimit: 30_000_000, dateFillFrom: d(-10), dateSubmitFrom: d(-10),
      files: [{ id: 105, name: 'Положение о конкурсе «Коммерциализация-2026».pdf', description: 'Порядок и сроки' }, { id: 106, name: 'Форма бизнес-плана.pdf', description: 'Обязательное приложение к заявке' }],
      _fileTexts: { 105: ['Положение о конкурсе «Коммерциализация-2026»', 'Грант до 30 000 000 рублей.'], 106: ['Форма бизнес-плана', '1. Резюме проекта.', '2. Анализ рынка.', '3. Финансовый план.'] },
    },
    {
      ...base, id: 4, code1C: 'UMNIK-2026', name: '«УМНИК» 2026', status: 'Прием заявок', groupCode: null, _programCode: 'UMNIK',
      fullName: 'Конкурс «УМНИК-2026» для молодых исследователей',
      description: '<p>Программа поддерживает молодых учёных в возрасте от 18 до 30 лет, готовых реализовать научно-техническую идею.</p>',
      importantInfo: '<p>Заявку подаёт физическое лицо.</p>',
      participantsRequirements: '<p>Граждане РФ в возрасте от 18 до 30 лет включительно.</p>', implementationRequirements: '<p>Срок выполнения НИР — 24 месяца.</p>', fundsRequirements: '<p>Грант выплачивается двумя частями по 250 000 рублей.</p>', cofinancingRequirements: null,
      dateFrom: d(-5), dateTo: d(60), resultDateFrom: d(70), resultDateTo: d(90), supportLimit: 500_000, dateFillFrom: d(-5), dateSubmitFrom: d(-5),
      files: [{ id: 107, name: 'Положение о программе «УМНИК».pdf', description: 'Условия участия' }],
      _fileTexts: { 107: ['Положение о программе «УМНИК»', 'Грант — 500 000 рублей на 2 года.'] },
    },
    {
      ...base, id: 5, code1C: 'CIFRA-2026', name: '«Цифровые технологии» 2026', status: 'Прием заявок', groupCode: 'INNOVATION', _programCode: 'CIFRA',
      fullName: 'Конкурс «Цифровые технологии-2026» в рамках национальной программы «Цифровая экономика»',
      description: '<p>Гранты на разработку и внедрение отечественных решений на основе сквозных цифровых технологий.</p>',
      importantInfo: '<p>Заполнение анкеты уже доступно, отправка заявок откроется позже.</p>',
      participantsRequirements: req.participants, implementationRequirements: req.implementation, fundsRequirements: req.funds, cofinancingRequirements: req.cofinancing,
      dateFrom: d(-3), dateTo: d(70), resultDateFrom: d(85), resultDateTo: d(110), supportLimit: 20_000_000, dateFillFrom: d(-3), dateSubmitFrom: d(14),
      files: [{ id: 108, name: 'Перечень сквозных цифровых технологий.pdf', description: 'Утверждённый перечень направлений' }],
      _fileTexts: { 108: ['Перечень сквозных цифровых технологий', 'Большие данные; искусственный интеллект; квантовые технологии; робототехника; беспроводная связь.'] },
    },
    {
      ...base, id: 6, code1C: 'PREREG-2026', name: 'Акселератор «Технологический прорыв» 2026', status: 'Предварительная регистрация', groupCode: 'STARTUP', _programCode: 'START', preRegistration: true,
      fullName: 'Акселерационная программа «Технологический прорыв» с предварительной регистрацией',
      description: '<p>Трёхмесячная акселерационная программа для команд технологических стартапов. Участие — по итогам предварительной регистрации.</p>',
      importantInfo: '<p>Материалы программы доступны зарегистрированным участникам.</p>',
      participantsRequirements: '<p>Команды от 2 человек с прототипом продукта.</p>', implementationRequirements: null, fundsRequirements: null, cofinancingRequirements: null,
      dateFrom: d(-7), dateTo: d(40), resultDateFrom: d(45), resultDateTo: d(50), supportLimit: 1_000_000, dateFillFrom: d(-7), dateSubmitFrom: d(-7),
      files: [{ id: 109, name: 'Программа акселератора.pdf', description: 'Расписание и эксперты' }],
      _fileTexts: { 109: ['Программа акселератора', 'Неделя 1 — проблемные интервью.', 'Неделя 4 — MVP.', 'Неделя 12 — демо-день.'] },
    },
    {
      ...base, id: 7, code1C: 'VOTE-2026', name: 'Народное голосование «Технологии будущего» 2026', status: 'Голосование', groupCode: 'INNOVATION', _programCode: 'EXPERT',
      fullName: 'Экспертное голосование за проекты конкурса «Технологии будущего»',
      description: '<p>Эксперты и участники оценивают проекты-финалисты по критериям новизны и рыночного потенциала.</p>',
      importantInfo: '<p>Каждый эксперт формирует файл голосования и подписывает его электронной подписью.</p>',
      participantsRequirements: null, implementationRequirements: null, fundsRequirements: null, cofinancingRequirements: null,
      dateFrom: d(-15), dateTo: d(15), resultDateFrom: d(16), resultDateTo: d(20), supportLimit: null, dateFillFrom: d(-15), dateSubmitFrom: d(-15),
      files: [{ id: 110, name: 'Регламент голосования.pdf', description: 'Критерии и шкала оценок' }],
      _fileTexts: { 110: ['Регламент голосования', 'Оценка по шкале от 1 до 5 по каждому критерию.'] },
    },
    {
      ...base, id: 8, code1C: 'KOOP-2025', name: '«Кооперация» 2025', status: 'Подведение итогов', groupCode: 'INNOVATION', _programCode: 'KOOP',
      fullName: 'Конкурс «Кооперация-2025»: совместные проекты МИП и индустриальных партнёров',
      description: '<p>Приём заявок завершён. Идёт экспертиза и подведение итогов.</p>',
      importantInfo: null,
      participantsRequirements: req.participants, implementationRequirements: req.implementation, fundsRequirements: req.funds, cofinancingRequirements: req.cofinancing,
      dateFrom: '2025-03-01T00:00:00.000Z', dateTo: '2025-06-30T20:59:59.000Z', resultDateFrom: '2025-07-15T00:00:00.000Z', resultDateTo: d(20), supportLimit: 15_000_000, dateFillFrom: '2025-03-01T00:00:00.000Z', dateSubmitFrom: '2025-03-01T00:00:00.000Z',
      files: [{ id: 111, name: 'Положение о конкурсе «Кооперация-2025».pdf', description: null }],
      _fileTexts: { 111: ['Положение о конкурсе «Кооперация-2025»', 'Грант до 15 000 000 рублей.'] },
    },
  ];
}

// ------------------------------------------------------------------ organisations for the INN lookup (field type 12)

/** Check digit of a 10-digit ИНН of an organisation (FNS algorithm). */
export function innCheckDigit(nine: string): number {
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  return (weights.reduce((sum, w, i) => sum + w * Number(nine[i]), 0) % 11) % 10;
}

export function isValidInn10(inn: string): boolean {
  return /^\d{10}$/.test(inn) && innCheckDigit(inn.slice(0, 9)) === Number(inn[9]);
}

/** Check digit of a 13-digit ОГРН. */
export function ogrnCheckDigit(twelve: string): number {
  return Number(BigInt(twelve) % 11n) % 10;
}

export function isValidOgrn(ogrn: string): boolean {
  return /^\d{13}$/.test(ogrn) && ogrnCheckDigit(ogrn.slice(0, 12)) === Number(ogrn[12]);
}

const org = (nine: string, twelve: string, rest: { name: string; kpp: string; oktmo: string; address: string }) => ({
  inn: nine + innCheckDigit(nine),
  ogrn: twelve + ogrnCheckDigit(twelve),
  ...rest,
});

/** Demo register of organisations (what company-inn answers). */
export const ORGANISATIONS = [
  org('540612345', '115547600123', { name: 'Общество с ограниченной ответственностью «НейроТех»', kpp: '540601001', oktmo: '50701000001', address: '630090, Новосибирская обл., г. Новосибирск, ул. Инженерная, д. 20, оф. 305' }),
  org('165501234', '121160001234', { name: 'Общество с ограниченной ответственностью «ГринЭнерджи»', kpp: '165501001', oktmo: '92701000001', address: '420111, Республика Татарстан, г. Казань, ул. Баумана, д. 15' }),
  org('770912345', '119774600567', { name: 'Акционерное общество «Квантовые системы»', kpp: '770901001', oktmo: '45375000000', address: '109028, г. Москва, Серебряническая наб., д. 29' }),
  org('701701234', '120700000789', { name: 'Общество с ограниченной ответственностью «Сибирские сенсоры»', kpp: '701701001', oktmo: '69701000001', address: '634050, Томская обл., г. Томск, пр. Ленина, д. 30' }),
];
