import { withoutPrivate } from '../../lib/stored';
import { JsonReply, conflict, fileReply, forbidden, notFound, unprocessable, type FieldError } from '../../lib/http';
import type { OperationHandlers } from '../../lib/operations';
import { page } from '../../lib/paging';
import { hasRole, type AuthUser, type Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { renderPdf } from '../../lib/pdf-sample';
import { XLSX_MIME, writeXlsx, type Cell } from '../../lib/xlsx-sample';
import { type CenterNti, DOC_STATUS_NAMES, PROJECT_EDITABLE, PROJECT_TRANSITIONS, STAFF_DECIDE, STAFF_READ, type StoredProject, canReadProject, ddmmyyyy, fullNameOf, isProjectMember, isoNow, nextStatus, projectDocStatus, projectsOf, readableProject, workflowOf } from './model';
import { REGISTRIES, registriesHandlers } from './registries';
import { PARSERS, PARSER_TYPES, type ParserType, indicatorHandlers } from './indicators';
import { ticketHandlers } from './tickets';

// ------------------------------------------------------------------ templates (GET /v1/projects/template)

/** Template types of GET /v1/projects/template (values not shown in SPEC; these match the uploads they feed). */
export function projectTemplate(type: string): { name: string; rows: Cell[][] } | null {
  if ((PARSER_TYPES as readonly string[]).includes(type)) {
    const def = PARSERS[type as ParserType];
    return { name: def.title, rows: def.example };
  }
  const registry = { consortiums: REGISTRIES.consortiums, employees: REGISTRIES.employees, 'grantee-contacts': REGISTRIES.contacts }[type];
  if (registry) return { name: registry.fileTitle, rows: [registry.columns.map((c) => c.header), registry.columns.map((c) => c.example)] };
  return null;
}
export const PROJECT_TEMPLATE_TYPES = [...PARSER_TYPES, 'consortiums', 'employees', 'grantee-contacts'];

// ------------------------------------------------------------------ handlers

export function projects_v1Handlers(s: Services): OperationHandlers {
  const projects = projectsOf(s);
  const comments = s.collection<Json & { id: number; projectId: number }>('project_comments');
  const centers = s.collection<CenterNti>('center_nti');

  async function findTemplateName(code: string): Promise<string | null> {
    for (const name of ['templates', 'competitions']) {
      const found = (await s.collection<Json & { id: Json }>(name).where({ code1C: code }))[0];
      if (found?.name) return String(found.name);
    }
    const known = (await projects.all()).find((p) => p.templateCode === code);
    return known ? known.template.name : null;
  }

  async function transition(id: number, user: AuthUser, action: string, comment: string | null) {
    const project = await projects.get(id);
    if (!project) throw notFound('Проект не найден');
    const member = isProjectMember(project, user);
    const roles: Record<string, boolean> = {
      'send-for-approval': member || hasRole(user, ...STAFF_DECIDE),
      review: hasRole(user, ...STAFF_READ),
      accept: hasRole(user, ...STAFF_DECIDE),
      reject: hasRole(user, ...STAFF_DECIDE),
    };
    if (!canReadProject(project, user)) throw forbidden('Нет доступа к проекту');
    if (!roles[action]) throw forbidden('Недостаточно прав для этого действия с проектом');
    const to = nextStatus(PROJECT_TRANSITIONS, action, await projectDocStatus(s, id), 'проект');
    await workflowOf(s).put({ id, status: to });
    await projects.put({ ...project, status: { ...project.status, name: DOC_STATUS_NAMES[to] } });
    if (comment) {
      await comments.insert({ projectId: id, comment, userId: user.id, fullname: fullNameOf(user), createdAt: isoNow(s), _action: action });
    }
    return { success: true, message: `Статус проекта: ${DOC_STATUS_NAMES[to]}` };
  }

  return {
    ...indicatorHandlers(s),
    ...registriesHandlers(s),
    ...ticketHandlers(s),

    // ---------------------------------------------------------------- projects
    async projectCreate({ body, user }) {
      if (!hasRole(user, 1, 2, 7, 8)) throw forbidden('Создавать проекты могут заявители, победители и менеджеры');
      const templateName = await findTemplateName(body.templateCode);
      if (!templateName) throw unprocessable([{ field: 'templateCode', message: 'Конкурс с таким кодом не найден' }]);
      const created = await projects.insert({
        name: body.name.trim(),
        description: body.description ?? null,
        files: [],
        status: { name: DOC_STATUS_NAMES.draft },
        template: { name: templateName },
        templateCode: body.templateCode,
        briefcaseCode: body.briefcaseCode ?? null,
        counterparty: body.counterparty ?? user.work_company ?? null,
        inn: body.inn ?? null,
        contractNo: body.contractNo ?? null,
        plan: body.plan ?? [],
        users: [{ id: user.id, fullname: fullNameOf(user) }],
        zniButton: false,
        ridButton: false,
        ownerId: user.id,
      } as Omit<StoredProject, 'id'>);
      await workflowOf(s).put({ id: created.id, status: 'draft' });
      return new JsonReply(201, created);
    },
    async projectUpdate({ params, body, user }) {
      const project = await projects.get(Number(params.id));
      if (!project) throw notFound('Проект не найден');
      if (!isProjectMember(project, user) && !hasRole(user, ...STAFF_DECIDE)) throw forbidden('Изменять проект может его участник или менеджер');
      const status = await projectDocStatus(s, project.id);
      if (!PROJECT_EDITABLE.includes(status)) throw conflict(`Проект в статусе «${DOC_STATUS_NAMES[status]}» изменить нельзя`);
      const next: StoredProject = { ...project };
      if (body.templateCode !== undefined && body.templateCode !== project.templateCode) {
        const templateName = await findTemplateName(body.templateCode);
        if (!templateName) throw unprocessable([{ field: 'templateCode', message: 'Конкурс с таким кодом не найден' }]);
        next.template = { name: templateName };
      }
      for (const key of ['name', 'description', 'templateCode', 'briefcaseCode', 'counterparty', 'inn', 'contractNo', 'plan'] as const) {
        const value = body[key];
        if (value !== undefined) (next as Record<string, unknown>)[key] = typeof value === 'string' ? value.trim() : value;
      }
      return await projects.put(next);
    },
    async projectAccept({ params, user }) {
      return transition(Number(params.id), user, 'accept', null);
    },
    async projectReject({ params, body, user }) {
      const comment = body.comment.trim();
      if (!comment) throw unprocessable([{ field: 'comment', message: 'Укажите причину отклонения' }]);
      return transition(Number(params.id), user, 'reject', comment);
    },
    async projectSendForApproval({ params, body, user }) {
      return transition(Number(params.id), user, 'send-for-approval', body.comment?.trim() || null);
    },
    async projectReview({ params, body, user }) {
      return transition(Number(params.id), user, 'review', body?.comment?.trim() || null);
    },
    async projectCommentsList({ params, user }) {
      await readableProject(s, Number(params.id), user);
      return (await comments.where({ projectId: Number(params.id) })).map(toApiComment);
    },
    async projectCommentCreate({ params, body, user }) {
      await readableProject(s, Number(params.id), user);
      const text = body.comment.trim();
      if (!text) throw unprocessable([{ field: 'comment', message: 'Заполните поле' }]);
      const created = await comments.insert({ projectId: Number(params.id), comment: text, userId: user.id, fullname: fullNameOf(user), createdAt: isoNow(s) });
      return new JsonReply(201, toApiComment(created));
    },

    // ---------------------------------------------------------------- Center NTI
    async centerNtiList({ query }) {
      return page(await centers.all(), query);
    },
    async centerNtiCreate({ body, user }) {
      if (!hasRole(user, ...STAFF_DECIDE)) throw forbidden('Центры НТИ ведут менеджеры и администраторы');
      const input = {
        fullTitle: body.fullTitle.trim(),
        shortTitle: body.shortTitle.trim(),
        programNumber: body.programNumber.trim(),
        codePpp: body.codePpp,
      };
      const errors: FieldError[] = [];
      for (const key of ['fullTitle', 'shortTitle', 'programNumber'] as const) if (!input[key]) errors.push({ field: key, message: 'Заполните поле' });
      // SPEC §5: codePpp 7 characters — "Номер Центра НТИ в системе 1С 7 символов".
      if (input.codePpp.length !== 7) errors.push({ field: 'codePpp', message: 'Номер Центра НТИ в системе 1С 7 символов' });
      else if ((await centers.where({ codePpp: input.codePpp })).length) errors.push({ field: 'codePpp', message: 'Центр НТИ с таким номером в системе 1С уже есть' });
      if (errors.length) throw unprocessable(errors);
      return new JsonReply(201, await centers.insert(input));
    },
    async centerNtiDelete({ params, user }) {
      if (!hasRole(user, ...STAFF_DECIDE)) throw forbidden('Центры НТИ ведут менеджеры и администраторы');
      const id = Number(params.id);
      if (!(await centers.get(id))) throw notFound('Центр НТИ не найден');
      await centers.delete(id);
      // Employees of the removed center stay, without a center.
      const employees = s.collection<Json & { id: number }>('employees');
      for (const e of await employees.where({ centerNtiId: id })) await employees.put({ ...e, centerNtiId: null, updatedAt: isoNow(s) });
      return { success: true, message: 'Центр НТИ удален' };
    },

    // ---------------------------------------------------------------- exports and templates
    async projectsExport({ user }) {
      const visible = (await projects.all()).filter((p) => canReadProject(p, user));
      const rows: Cell[][] = [
        ['ID', 'Проект', 'Конкурс', 'Статус', 'Контрагент', 'ИНН', 'Номер договора'],
        ...visible.map((p) => [p.id, p.name, p.template?.name ?? null, p.status?.name ?? null, p.counterparty ?? null, p.inn ?? null, p.contractNo ?? null]),
      ];
      return fileReply(writeXlsx([{ name: 'Проекты', rows }]), XLSX_MIME, 'Проекты.xlsx');
    },
    async projectExportDocument({ query, user }) {
      const project = await readableProject(s, Number(query.projectId), user);
      const pdf = await renderPdf({
        title: `Паспорт проекта № ${project.id}`,
        subtitle: project.name,
        createdAt: new Date(s.clock.now()),
        blocks: [
          {
            kind: 'pairs',
            pairs: [
              ['Конкурс', project.template?.name ?? ''],
              ['Статус', project.status?.name ?? ''],
              ['Контрагент', project.counterparty ?? ''],
              ['ИНН', project.inn ?? ''],
              ['Номер договора', project.contractNo ?? ''],
            ],
          },
          ...(project.description ? [{ kind: 'heading' as const, text: 'Описание' }, { kind: 'paragraph' as const, text: String(project.description).replace(/<[^>]+>/g, ' ') }] : []),
          ...(project.plan?.length
            ? [
                { kind: 'heading' as const, text: 'План мероприятий' },
                {
                  kind: 'table' as const,
                  columns: ['Этап', 'Начало', 'Окончание'],
                  widths: [295, 100, 100],
                  rows: project.plan.map((st) => [st.name, ddmmyyyy(st.dateFrom), ddmmyyyy(st.dateTo)]),
                },
              ]
            : []),
        ],
      });
      return fileReply(pdf, 'application/octet-stream', `Проект ${project.id}.pdf`);
    },
    async projectExportProgram({ query, user }) {
      const project = await readableProject(s, Number(query.projectId), user);
      const rows: Cell[][] = [
        ['Код', 'Наименование мероприятия', 'Описание', 'Начало', 'Окончание'],
        ...(project.plan ?? []).map((st) => [st.code1C, st.name, st.description ?? null, ddmmyyyy(st.dateFrom), ddmmyyyy(st.dateTo)]),
      ];
      return fileReply(writeXlsx([{ name: 'Программа реализации', rows }]), 'application/octet-stream', `Программа реализации проекта ${project.id}.xlsx`);
    },
    async projectTemplateDownload({ query }) {
      const template = projectTemplate(String(query.templateType));
      if (!template) throw notFound(`Шаблон «${query.templateType}» не найден; доступны: ${PROJECT_TEMPLATE_TYPES.join(', ')}`);
      return fileReply(writeXlsx([{ name: template.name, rows: template.rows }]), 'application/octet-stream', `${template.name} — шаблон.xlsx`);
    },
  };
}

const toApiComment = (c: Json) => withoutPrivate(c);
