import { withoutPrivate } from '../../lib/stored';
import { JsonReply, fileReply, forbidden, notFound, unprocessable, type FieldError } from '../../lib/http';
import type { RequestContext } from '../../lib/router';
import type { OperationHandlers, OperationId } from '../../lib/operations';
import { page } from '../../lib/paging';
import { hasRole, type AuthUser, type Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { XLSX_MIME, cellText, headerKey, writeXlsx } from '../../lib/xlsx-sample';
import { STAFF_DECIDE, STAFF_READ, isProjectMember, isoNow, memberProjectIds, projectsOf, spreadsheetRows, uploadedFile } from './model';

// ------------------------------------------------------------------ spreadsheet registries (consortiums, employees, contacts)

interface Column {
  key: string;
  header: string;
  aliases?: string[];
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
  patternMessage?: string;
  email?: boolean;
  example: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkValue(column: Column, value: string | null): string | null {
  if (value === null) return column.required ? `Не заполнено поле «${column.header}»` : null;
  if (column.min !== undefined && value.length < column.min) return `«${column.header}»: не менее ${column.min} символов`;
  if (column.max !== undefined && value.length > column.max) return `«${column.header}»: не более ${column.max} символов`;
  if (column.pattern && !column.pattern.test(value)) return column.patternMessage ?? `«${column.header}»: неверный формат`;
  if (column.email && !EMAIL.test(value)) return 'Введите корректный E-mail';
  return null;
}

interface RegistryDef {
  collection: string;
  /** For messages: "Участник консорциума не найден". */
  notFound: string;
  fileTitle: string;
  columns: Column[];
  /** Extra keys of the record computed from the input (e.g. fullname). */
  derive?: (record: Json) => Json;
  /** Checks that need the database (e.g. the Center NTI exists); returns field errors. */
  verify?: (s: Services, input: Json) => Promise<FieldError[]>;
  /** Query keys besides projectId that filter the list and export (e.g. centerNtiId). */
  filters: string[];
}

export const REGISTRIES: Record<'consortiums' | 'employees' | 'contacts', RegistryDef> = {
  consortiums: {
    collection: 'consortiums',
    notFound: 'Участник консорциума не найден',
    fileTitle: 'Консорциум',
    filters: [],
    columns: [
      { key: 'name', header: 'Наименование организации', aliases: ['наименование', 'организация'], required: true, max: 1000, example: 'ООО «Сибирские сенсоры»' },
      { key: 'shortName', header: 'Краткое наименование', max: 255, example: 'Сибсенсор' },
      { key: 'inn', header: 'ИНН', pattern: /^(\d{10}|\d{12})$/, patternMessage: 'ИНН должен содержать 10 или 12 цифр', example: '5406123456' },
      { key: 'kpp', header: 'КПП', min: 9, max: 9, patternMessage: 'КПП должен содержать 9 символов', example: '540601001' },
      { key: 'ogrn', header: 'ОГРН', pattern: /^(\d{13}|\d{15})$/, patternMessage: 'ОГРН должен содержать 13 или 15 цифр', example: '1165476012345' },
      { key: 'role', header: 'Роль в консорциуме', aliases: ['роль'], max: 255, example: 'Индустриальный партнер' },
      { key: 'address', header: 'Адрес', max: 1000, example: 'г. Новосибирск, ул. Инженерная, д. 20' },
    ],
  },
  employees: {
    collection: 'employees',
    notFound: 'Сотрудник не найден',
    fileTitle: 'Сотрудники',
    filters: ['centerNtiId'],
    columns: [
      { key: 'lastname', header: 'Фамилия', required: true, max: 50, example: 'Кравцова' },
      { key: 'firstname', header: 'Имя', required: true, max: 50, example: 'Дарья' },
      { key: 'middlename', header: 'Отчество', max: 50, example: 'Игоревна' },
      { key: 'position', header: 'Должность', max: 255, example: 'Ведущий инженер' },
      { key: 'email', header: 'E-mail', aliases: ['email', 'электронная почта'], email: true, max: 255, example: 'kravtsova@example.ru' },
      { key: 'phone', header: 'Телефон', max: 50, example: '+7 (913) 555-12-34' },
    ],
    derive: (r) => ({ fullname: [r.lastname, r.firstname, r.middlename].filter(Boolean).join(' ') }),
    async verify(s, input) {
      if (input.centerNtiId === null || input.centerNtiId === undefined) return [];
      return (await s.collection('center_nti').get(input.centerNtiId)) ? [] : [{ field: 'centerNtiId', message: 'Центр НТИ не найден' }];
    },
  },
  contacts: {
    collection: 'grantee_contacts',
    notFound: 'Контакт не найден',
    fileTitle: 'Контакты грантополучателя',
    filters: [],
    columns: [
      { key: 'fio', header: 'ФИО', required: true, max: 255, example: 'Белова Марина Сергеевна' },
      { key: 'position', header: 'Должность', max: 255, example: 'Главный бухгалтер' },
      { key: 'email', header: 'E-mail', aliases: ['email', 'электронная почта'], email: true, max: 255, example: 'buh@neurotech.example.ru' },
      { key: 'phone', header: 'Телефон', max: 50, example: '+7 (383) 200-10-20' },
      { key: 'type', header: 'Вид контакта', aliases: ['тип контакта', 'тип'], max: 255, example: 'Бухгалтерия' },
    ],
  },
};

type RegistryRecord = Json & { id: number; projectId: number | null; _createdBy?: number };

/**
 * The operations of one registry (consortiums, employees, grantee contacts): the same eight operations over each
 * registry's record shape, so they take the router's untyped context (the router has checked it against the spec).
 */
type RegistryContext = RequestContext<AuthUser>;
type RegistryOperations = Record<'list' | 'create' | 'template' | 'import' | 'export' | 'get' | 'update' | 'remove', OperationId>;

function registryHandlers(s: Services, def: RegistryDef, ids: RegistryOperations): OperationHandlers {
  const col = s.collection<RegistryRecord>(def.collection);
  const toApi = (r: RegistryRecord) => withoutPrivate(r);

  async function visibleRecords(user: AuthUser, query: Record<string, Json>) {
    const staff = hasRole(user, ...STAFF_READ);
    const mine = staff ? null : await memberProjectIds(s, user);
    return (await col.all()).filter(
      (r) =>
        (staff || r._createdBy === user.id || (r.projectId !== null && mine!.has(r.projectId))) &&
        (query.projectId === undefined || r.projectId === Number(query.projectId)) &&
        def.filters.every((f) => query[f] === undefined || r[f] === Number(query[f])),
    );
  }

  /** Writing into a project needs membership (or the manager/administrator role). */
  async function checkProjectWrite(user: AuthUser, projectId: number | null | undefined) {
    if (projectId === null || projectId === undefined) return;
    const project = await projectsOf(s).get(projectId);
    if (!project) throw unprocessable([{ field: 'projectId', message: 'Проект не найден' }]);
    if (!hasRole(user, ...STAFF_DECIDE) && !isProjectMember(project, user)) throw forbidden('Нет доступа к проекту');
  }

  async function writable(id: number, user: AuthUser) {
    const record = await col.get(id);
    if (!record) throw notFound(def.notFound);
    const mine = record._createdBy === user.id || (record.projectId !== null && (await memberProjectIds(s, user)).has(record.projectId));
    if (!hasRole(user, ...STAFF_DECIDE) && !mine) throw forbidden();
    return record;
  }

  function normalise(body: Json) {
    const out: Json = {};
    for (const c of def.columns) out[c.key] = typeof body[c.key] === 'string' ? body[c.key].trim() || null : (body[c.key] ?? null);
    out.projectId = body.projectId ?? null;
    if (def.filters.includes('centerNtiId')) out.centerNtiId = body.centerNtiId ?? null;
    return { ...out, ...(def.derive?.(out) ?? {}) };
  }

  async function validateInput(input: Json) {
    const errors: FieldError[] = [];
    for (const c of def.columns) {
      const message = checkValue(c, input[c.key]);
      if (message) errors.push({ field: c.key, message });
    }
    errors.push(...((await def.verify?.(s, input)) ?? []));
    if (errors.length) throw unprocessable(errors);
  }

  const sheetRows = (records: Json[]) => [def.columns.map((c) => c.header), ...records.map((r) => def.columns.map((c) => r[c.key] ?? null))];

  return {
    async [ids.list]({ query, user }: RegistryContext) {
      return page((await visibleRecords(user, query)).map(toApi), query);
    },
    async [ids.create]({ body, user }: RegistryContext) {
      await checkProjectWrite(user, body.projectId);
      const input = normalise(body);
      await validateInput(input);
      const now = isoNow(s);
      const record = await col.insert({ ...input, createdAt: now, updatedAt: now, _createdBy: user.id });
      return new JsonReply(201, toApi(record));
    },
    async [ids.get]({ params, user }: RegistryContext) {
      const record = await col.get(Number(params.id));
      if (!record) throw notFound(def.notFound);
      if (!(await visibleRecords(user, {})).some((r) => r.id === record.id)) throw forbidden();
      return toApi(record);
    },
    async [ids.update]({ params, body, user }: RegistryContext) {
      const record = await writable(Number(params.id), user);
      await checkProjectWrite(user, body.projectId);
      const input = normalise({ ...record, ...body });
      await validateInput(input);
      return toApi(await col.put({ ...record, ...input, updatedAt: isoNow(s) }));
    },
    async [ids.remove]({ params, user }: RegistryContext) {
      const record = await writable(Number(params.id), user);
      await col.delete(record.id);
      return { success: true, message: 'Запись удалена' };
    },
    async [ids.template]() {
      const example = def.columns.map((c) => c.example);
      return fileReply(writeXlsx([{ name: def.fileTitle, rows: [def.columns.map((c) => c.header), example] }]), XLSX_MIME, `${def.fileTitle} — шаблон.xlsx`);
    },
    async [ids.export]({ query, user }: RegistryContext) {
      const records = await visibleRecords(user, query);
      return fileReply(writeXlsx([{ name: def.fileTitle, rows: sheetRows(records) }]), XLSX_MIME, `${def.fileTitle}.xlsx`);
    },
    async [ids.import]({ body, files, user }: RegistryContext) {
      const projectId = body.projectId === undefined ? null : Number(body.projectId);
      await checkProjectWrite(user, projectId);
      const extra: Json = {};
      if (def.filters.includes('centerNtiId')) extra.centerNtiId = body.centerNtiId === undefined ? null : Number(body.centerNtiId);
      const verifyErrors = (await def.verify?.(s, extra)) ?? [];
      if (verifyErrors.length) throw unprocessable(verifyErrors);

      const rows = spreadsheetRows(uploadedFile(files));
      const header = rows[0]!.map(headerKey);
      const indexOf = (c: Column) => header.findIndex((h) => h === headerKey(c.header) || (c.aliases ?? []).includes(h));
      const positions = def.columns.map(indexOf);
      const missing = def.columns.filter((c, i) => c.required && positions[i]! < 0);
      if (missing.length) {
        throw unprocessable(missing.map((c) => ({ field: 'file', message: `В файле нет столбца «${c.header}» — используйте шаблон` })));
      }
      const errors: { row: number; field: string | null; message: string }[] = [];
      let imported = 0;
      let skipped = 0;
      const now = isoNow(s);
      for (let r = 1; r < rows.length; r++) {
        const raw: Json = {};
        def.columns.forEach((c, i) => (raw[c.key] = positions[i]! >= 0 ? cellText(rows[r]![positions[i]!] ?? null) : null));
        const rowErrors = def.columns.flatMap((c) => {
          const message = checkValue(c, raw[c.key]);
          return message ? [{ row: r + 1, field: c.header, message }] : [];
        });
        if (rowErrors.length) {
          errors.push(...rowErrors);
          skipped++;
          continue;
        }
        const input = normalise({ ...raw, ...extra, projectId });
        await col.insert({ ...input, createdAt: now, updatedAt: now, _createdBy: user.id });
        imported++;
      }
      return { success: errors.length === 0, imported, skipped, errors };
    },
  };
}


// ------------------------------------------------------------------ handlers: consortiums, employees, grantee contacts

export function registriesHandlers(s: Services): OperationHandlers {
  return {
    ...registryHandlers(s, REGISTRIES.consortiums, {
      list: 'consortiumsList',
      create: 'consortiumCreate',
      template: 'consortiumsTemplate',
      import: 'consortiumsImport',
      export: 'consortiumsExport',
      get: 'consortiumGet',
      update: 'consortiumUpdate',
      remove: 'consortiumDelete',
    }),
    ...registryHandlers(s, REGISTRIES.employees, {
      list: 'employeesList',
      create: 'employeeCreate',
      template: 'employeesTemplate',
      import: 'employeesImport',
      export: 'employeesExport',
      get: 'employeeGet',
      update: 'employeeUpdate',
      remove: 'employeeDelete',
    }),
    ...registryHandlers(s, REGISTRIES.contacts, {
      list: 'granteeContactsList',
      create: 'granteeContactCreate',
      template: 'granteeContactsTemplate',
      import: 'granteeContactsImport',
      export: 'granteeContactsExport',
      get: 'granteeContactGet',
      update: 'granteeContactUpdate',
      remove: 'granteeContactDelete',
    }),
  };
}
