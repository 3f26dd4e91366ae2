import { withoutPrivate } from '../../lib/stored';
import { JsonReply, badRequest, conflict, forbidden, notFound, unprocessable, type FieldError } from '../../lib/http';
import type { OperationHandlers } from '../../lib/operations';
import { hasRole, type AuthUser, type Services } from '../../lib/services';
import { renderPdf } from '../../lib/pdf-sample';
import { STAFF_DECIDE, STAFF_READ, type StoredProject, ddmmyyyy, fileExists, isProjectMember, isoNow, projectsOf, storeFile } from './model';

// ------------------------------------------------------------------ tickets

export const TICKET_STATUS_NAMES: Record<string, string> = {
  draft: 'Черновик',
  new: 'Новая',
  'blank-ready': 'Бланк сформирован',
  signed: 'Подписана',
  sent: 'Отправлена',
  accepted: 'Принята',
  rejected: 'Отклонена',
  cancelled: 'Отменена',
};
/** Statuses a new ticket may be created with (SPEC §7 body {projectId, status}). */
const TICKET_INITIAL = ['draft', 'new'];
/** Ticket actions (PATCH ticket/{id}/{action}); who may run them and from which status (assumed). */
const TICKET_ACTIONS: Record<string, { from: string[]; to: string; staffOnly?: boolean; title: string }> = {
  send: { from: ['signed'], to: 'sent', title: 'отправить заявку' },
  accept: { from: ['sent'], to: 'accepted', staffOnly: true, title: 'принять заявку' },
  reject: { from: ['sent'], to: 'rejected', staffOnly: true, title: 'отклонить заявку' },
  cancel: { from: ['draft', 'new', 'blank-ready', 'signed'], to: 'cancelled', title: 'отменить заявку' },
  'to-draft': { from: ['rejected', 'cancelled'], to: 'draft', title: 'вернуть заявку в черновик' },
};
const TICKET_BLANK_FROM = ['draft', 'new', 'blank-ready'];

export type StoredTicket = {
  id: number;
  projectId: number;
  status: string;
  statusName: string;
  fileId: number | null;
  signatureFileId: number | null;
  createdAt: string;
  updatedAt: string;
  _createdBy: number;
};
const toApiTicket = (t: StoredTicket) => withoutPrivate(t);


export function renderTicketBlank(s: Services, ticket: StoredTicket, project: StoredProject | null) {
  return renderPdf({
    title: `Бланк заявки № ${ticket.id}`,
    subtitle: project?.name ?? `Проект ${ticket.projectId}`,
    createdAt: new Date(s.clock.now()),
    blocks: [
      {
        kind: 'pairs',
        pairs: [
          ['Проект', project ? `${project.id} — ${project.name}` : String(ticket.projectId)],
          ['Грантополучатель', project?.counterparty ?? ''],
          ['ИНН', project?.inn ?? ''],
          ['Номер договора', project?.contractNo ?? ''],
          ['Дата формирования', ddmmyyyy(isoNow(s))],
        ],
      },
      { kind: 'paragraph', text: 'Настоящим подтверждаем достоверность сведений, представленных в заявке.' },
      { kind: 'paragraph', text: 'Руководитель организации ____________________ / ____________________ /' },
    ],
  });
}

// ------------------------------------------------------------------ handlers: tickets

export function ticketHandlers(s: Services): OperationHandlers {
  const projects = projectsOf(s);
  const tickets = s.collection<StoredTicket>('tickets');

  async function ticketFor(id: number, user: AuthUser) {
    const ticket = await tickets.get(id);
    if (!ticket) throw notFound('Заявка не найдена');
    const project = await projects.get(ticket.projectId);
    const visible = hasRole(user, ...STAFF_READ) || ticket._createdBy === user.id || (project && isProjectMember(project, user));
    if (!visible) throw forbidden('Нет доступа к заявке');
    return { ticket, project };
  }

  return {
    async ticketCreate({ body, user }) {
      const project = await projects.get(body.projectId);
      if (!project) throw notFound('Проект не найден');
      if (!isProjectMember(project, user) && !hasRole(user, ...STAFF_DECIDE)) throw forbidden('Нет доступа к проекту');
      if (!TICKET_INITIAL.includes(body.status)) {
        throw unprocessable([{ field: 'status', message: `Новая заявка создается в статусе ${TICKET_INITIAL.map((t) => `«${t}»`).join(' или ')}` }]);
      }
      const now = isoNow(s);
      const ticket = await tickets.insert({
        projectId: project.id,
        status: body.status,
        statusName: TICKET_STATUS_NAMES[body.status]!,
        fileId: null,
        signatureFileId: null,
        createdAt: now,
        updatedAt: now,
        _createdBy: user.id,
      });
      return new JsonReply(201, toApiTicket(ticket));
    },
    async ticketGet({ params, user }) {
      return toApiTicket((await ticketFor(Number(params.id), user)).ticket);
    },
    async ticketBlank({ params, user }) {
      const { ticket, project } = await ticketFor(Number(params.id), user);
      if (!TICKET_BLANK_FROM.includes(ticket.status)) {
        throw conflict(`Бланк нельзя сформировать для заявки в статусе «${TICKET_STATUS_NAMES[ticket.status]}»`);
      }
      const pdf = await renderTicketBlank(s, ticket, project);
      const fileId = await storeFile(s, { name: `Бланк заявки ${ticket.id}.pdf`, mime: 'application/pdf', data: pdf });
      const updated = await tickets.put({
        ...ticket,
        fileId,
        signatureFileId: null,
        status: 'blank-ready',
        statusName: TICKET_STATUS_NAMES['blank-ready']!,
        updatedAt: isoNow(s),
      });
      return toApiTicket(updated);
    },
    async ticketAction({ params, user }) {
      const action = String(params.action);
      const rule = TICKET_ACTIONS[action];
      if (!rule) throw badRequest(`Неизвестное действие с заявкой: «${action}»; доступны: ${Object.keys(TICKET_ACTIONS).join(', ')}, blank`);
      const { ticket } = await ticketFor(Number(params.id), user);
      if (rule.staffOnly && !hasRole(user, ...STAFF_DECIDE)) throw forbidden('Действие доступно менеджеру');
      if (!rule.from.includes(ticket.status)) {
        throw conflict(`Нельзя ${rule.title} в статусе «${TICKET_STATUS_NAMES[ticket.status]}»`);
      }
      const updated = await tickets.put({ ...ticket, status: rule.to, statusName: TICKET_STATUS_NAMES[rule.to]!, updatedAt: isoNow(s) });
      return toApiTicket(updated);
    },
    async ticketSignatureCreate({ body, user }) {
      const { ticket } = await ticketFor(body.ticketId, user);
      const errors: FieldError[] = [];
      if (ticket.status !== 'blank-ready') errors.push({ field: 'ticketId', message: 'Подписать можно только заявку со сформированным бланком' });
      if (!(await fileExists(s, body.fileId))) errors.push({ field: 'fileId', message: 'Файл подписи не найден' });
      else if (body.fileId === ticket.fileId) errors.push({ field: 'fileId', message: 'Файл подписи не может совпадать с бланком' });
      if (errors.length) throw unprocessable(errors);
      await tickets.put({ ...ticket, signatureFileId: body.fileId, status: 'signed', statusName: TICKET_STATUS_NAMES.signed!, updatedAt: isoNow(s) });
      return { success: true, message: 'Подпись прикреплена к заявке' };
    },
  };
}
