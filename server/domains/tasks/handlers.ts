import { RawReply, fileReply, forbidden, notFound, unprocessable } from '../../lib/http';
import { includesText, page } from '../../lib/paging';
import type { ContextOf, OperationHandlers } from '../../lib/operations';
import { hasRole, type Services } from '../../lib/services';
import { POINT_STATUSES, apiStatus } from '../../lib/points';
import type { Json } from '../../lib/spec';
import { canSeeProject, projectsOf } from '../projects/model';
import { notesOf, type StoredNote as StoredNoteDoc } from '../questionnaire/model';
import { type ListKind, attachmentsOf, loadActionable, loadVisible, pointFor, refuse, tasksOf } from './model';
import { byUrgency, countKind, listItem, listKind, projectRefs } from './lists';
import { pdfFileName, pointAttachments, pointPackage, pointPdf } from './export';

// ---------------------------------------------------------------------------------------------------------------

function statusPatch(code: string) {
  return { status: apiStatus(code) };
}

export function tasksHandlers(s: Services): OperationHandlers {
  const points = tasksOf(s);
  const list = (kind: ListKind) => async ({ user: me, query }: ContextOf<'projectPointList'>) => listKind(s, me, kind, query);
  return {
    projectPointList: list('all'),
    projectPointListActive: list('active'),
    projectPointListExpired: list('expired'),
    projectPointListClosed: list('closed'),
    projectPointListArchive: list('archive'),

    async projectPointListExpert({ user: me, query }) {
      // SPEC §6: only experts get the "Экспертиза" list.
      if (!hasRole(me, 5)) throw forbidden('Список экспертизы доступен только экспертам');
      const competitions = await s.collection<{ id: number; code1C: string }>('competitions').all();
      const idByCode = new Map(competitions.map((c) => [c.code1C, c.id]));
      const text = String(query['filter[text]'] ?? '').trim();
      const templateIds = ((query['filter[templateId][]'] ?? []) as number[]).map(Number);
      const statusCodes = (query['filter[statusCode][]'] ?? []) as string[];
      const projects = await projectRefs(s);
      const found = (await points.all())
        .filter((p) => p._kind === 'expert' && (p._experts ?? []).includes(me.id))
        .filter((p) => !text || includesText(p.name, text) || includesText(p.projectName, text) || includesText(p.description, text) || String(p.id) === text)
        .filter((p) => !templateIds.length || templateIds.includes(Number(idByCode.get(p._templateCode))))
        .filter((p) => !statusCodes.length || statusCodes.includes(p.status.code1C))
        .sort(byUrgency);
      return page(found.map((p) => listItem(p, me, projects)), query);
    },

    async projectPointCount({ user: me, query }) {
      return countKind(s, me, 'all', query);
    },
    async projectPointActiveCount({ user: me, query }) {
      return countKind(s, me, 'active', query);
    },

    async projectPointGet({ user: me, params }) {
      const point = await loadVisible(s, me, Number(params.id));
      const api = pointFor(point, me);
      const projects = await projectRefs(s);
      const project = typeof point.projectId === 'number' ? projects.get(point.projectId) : undefined;
      if (project) {
        api.project = project;
        api.projectName = project.name;
      }
      return api;
    },

    async projectPointChangeResponsible({ user: me, params, body }) {
      const point = await loadVisible(s, me, Number(params.id));
      const project = typeof point.projectId === 'number'
        ? await s.collection<{ id: number; ownerId: number | null; users: { id: number; fullname: string }[] }>('projects').get(point.projectId)
        : null;
      // SPEC §6: only the project owner assigns the responsible user.
      const ownerId = project?.ownerId ?? point.ownerId;
      if (ownerId !== me.id) throw forbidden('Назначать ответственного может только владелец проекта');
      const userId = Number(body.userId);
      const members = new Set([ownerId, ...(project?.users ?? []).map((x) => x.id)]);
      if (project && !members.has(userId)) throw refuse('Пользователь не входит в команду проекта');
      const exists = await s.db.one('SELECT id FROM users WHERE id = $1', [userId]);
      if (!exists) throw refuse('Пользователь не найден');
      const viewers = [...new Set([...(point._viewers ?? []), userId])];
      await points.put({ ...point, responsibleUserId: userId, _viewers: viewers });
      return { success: true, message: 'Ответственный назначен' };
    },

    async projectPointHold({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      // SPEC §4: withdraw is unavailable when holdMode is D.
      if (point.holdMode === 'D') throw refuse('Отзыв заявки для этой задачи недоступен');
      if (!point.canHold) throw refuse('Заявку сейчас нельзя отозвать');
      const before = { status: point.status, canHold: point.canHold, canSign: point.canSign, canEdit: point.canEdit, canReturnToEdit: point.canReturnToEdit, signValid: point.signValid };
      const common = { ...point, _statusBeforeHold: before, canHold: false, canEdit: false, canCencelHold: true };
      if (point.holdMode === 'S') {
        // SPEC §3: S means the withdrawal awaits a signature ("Подписать отзыв").
        await points.put({ ...common, ...statusPatch('REVIEW_WITH_SIGNING'), canSign: true, signable: true, signValid: false, canReturnToEdit: false });
        return { success: true, message: 'Для завершения отзыва подпишите его' };
      }
      await points.put({ ...common, ...statusPatch('SUSPENDED'), canSign: false, canReturnToEdit: true });
      return { success: true, message: 'Заявка отозвана' };
    },

    async projectPointHoldCancel({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      if (!point.canCencelHold) throw refuse('Отзыв заявки нельзя отменить');
      const before = (point._statusBeforeHold ?? { status: apiStatus('IN_PROCESSING'), canHold: true, canSign: false, canEdit: false, canReturnToEdit: false, signValid: true }) as Json;
      await points.put({
        ...point,
        status: before.status,
        canHold: before.canHold,
        canSign: before.canSign,
        canEdit: before.canEdit,
        canReturnToEdit: before.canReturnToEdit,
        signValid: before.signValid,
        canCencelHold: false,
        _statusBeforeHold: null,
      });
      return { success: true, message: 'Отзыв отменен' };
    },

    async projectPointToEdit({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      if (!point.canReturnToEdit) throw refuse('Задачу нельзя вернуть к редактированию');
      await points.put({
        ...point,
        ...statusPatch('RETURN_TO_EDIT'),
        canEdit: true,
        canReturnToEdit: false,
        canHold: false,
        canCencelHold: false,
        canSign: false,
        signValid: false,
        _statusBeforeHold: null,
        _pdfSign: null,
      });
      // Editing again invalidates the file signatures.
      for (const a of await pointAttachments(s, point.id)) if (a.signValid) await attachmentsOf(s).put({ ...a, signValid: false, _signFileId: null });
      return { success: true, message: 'Точка возвращена к редактированию' };
    },

    async projectPointArchive({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      // SPEC §4: archiving is possible only when canAddToArchive.
      if (point.archive) throw refuse('Задача уже в архиве');
      if (!point.canAddToArchive) throw refuse('Эту задачу нельзя переместить в архив');
      await points.put({ ...point, archive: true, canAddToArchive: false });
      return { success: true, message: 'Проектная точка добавлена в архив' };
    },

    async projectPointUnarchive({ user: me, params }) {
      const point = await loadActionable(s, me, Number(params.id));
      if (!point.archive) throw refuse('Задача не находится в архиве');
      await points.put({ ...point, archive: false, canAddToArchive: true });
      return { success: true, message: 'Проектная точка удалена из архива' };
    },

    async projectPointPdf({ user: me, params, query }) {
      const point = await loadVisible(s, me, Number(params.id));
      const pdf = await pointPdf(point, await pointAttachments(s, point.id));
      if (query.txt === 'Y') return new RawReply(pdf.toString('base64'), 'text/plain; charset=utf-8');
      return fileReply(pdf, 'application/pdf', pdfFileName(point));
    },

    async attachZip({ user: me, params }) {
      const point = await loadVisible(s, me, Number(params.id));
      return fileReply(await pointPackage(s, point), 'application/zip', `Документы задачи ${point.id}.zip`);
    },

    async attachZipLink({ user: me, params, origin }) {
      const point = await loadVisible(s, me, Number(params.id));
      return { link: `${origin}/hosts/main/v2/projects/zip/${point.id}` };
    },

    /** GET list/project — the projects the user may see (SPEC §7 "lists of project"), for filters. */
    async lookupProjects({ user: me }) {
      const projects = await projectsOf(s).all();
      return projects.filter((p) => canSeeProject(me, p)).map((p) => ({ id: p.id, name: p.name, code: p.briefcaseCode ?? null }));
    },

    async lookupPointStatuses() {
      return POINT_STATUSES.map(({ id, name, code1C, sort }) => ({ id, name, code1C, sort }));
    },

    /** POST notes: rename a draft note (id) or create one for a point or a competition template. */
    async notesSave({ user: me, body }) {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      const present = (n: StoredNoteDoc) => ({
        id: n.id,
        pointId: n.pointId ?? null,
        pointName: n.pointName ?? null,
        name: n.name,
        code1C: n.code1C ?? null,
        savedAt: n._updatedAt ? new Date(n._updatedAt).toISOString() : null,
      });
      if (body.id) {
        const note = await notesOf(s).get(Number(body.id));
        if (!note || note._ownerId !== me.id) throw notFound('Черновик не найден');
        if (!name) throw unprocessable([{ field: 'name', message: 'Заполните поле' }], 'Заполните поле');
        return present(await notesOf(s).put({ ...note, name, _updatedAt: s.clock.now() }));
      }
      if (body.pointId) {
        const point = await loadActionable(s, me, Number(body.pointId));
        const existing = (await notesOf(s).where({ _ownerId: me.id, pointId: point.id }))[0];
        const doc = {
          pointId: point.id,
          pointName: point.name,
          name: name || point.name,
          code1C: point._templateCode,
          _ownerId: me.id,
          _templateCode: point._templateCode,
          _pointCode: `${point._templateCode}-POINT`,
          _values: existing?._values ?? {},
          _updatedAt: s.clock.now(),
        };
        return present(existing ? await notesOf(s).put({ ...existing, ...doc }) : await notesOf(s).insert(doc));
      }
      if (typeof body.code1C === 'string' && body.code1C) {
        const template = await s.collection<Json>('templates').get(body.code1C);
        if (!template) throw unprocessable([{ field: 'code1C', message: 'Конкурс не найден' }], 'Конкурс не найден');
        const existing = (await notesOf(s).where({ _ownerId: me.id, _templateCode: template.code1C, pointId: null }))[0];
        const doc = {
          pointId: null,
          pointName: String(template.point?.name ?? template.name),
          name: name || `Черновик заявки «${template.name}»`,
          code1C: String(template.code1C),
          _ownerId: me.id,
          _templateCode: String(template.code1C),
          _pointCode: String(template.templatePointCode ?? `${template.code1C}-POINT`),
          _values: existing?._values ?? {},
          _updatedAt: s.clock.now(),
        };
        return present(existing ? await notesOf(s).put({ ...existing, ...doc }) : await notesOf(s).insert(doc));
      }
      throw unprocessable([{ message: 'Укажите задачу или конкурс черновика' }], 'Укажите задачу или конкурс черновика');
    },

    async notesList({ user: me, query }) {
      const notes = await notesOf(s).where({ _ownerId: me.id });
      const text = String(query['filter[name]'] ?? '').trim();
      // The last save of a draft: the note itself or the latest field written to its draft store (SPEC §3 key).
      const stashed = new Map(
        (await s.db.query<{ hash: string; at: string | number }>('SELECT hash, max(updated_at) AS at FROM stash WHERE user_id = $1 GROUP BY hash', [me.id])).map(
          (r) => [r.hash, Number(r.at)],
        ),
      );
      const savedAt = (n: StoredNoteDoc) => {
        const at = Math.max(n._updatedAt ?? 0, stashed.get(`${me.id}questionnaire${n.pointId ?? n.code1C}`) ?? 0);
        return at > 0 ? new Date(at).toISOString() : null;
      };
      return notes
        .filter((n) => !text || includesText(n.name, text) || includesText(n.pointName, text))
        .sort((a, b) => b.id - a.id)
        .map((n) => ({ id: n.id, pointId: n.pointId ?? null, pointName: n.pointName ?? null, name: n.name, code1C: n.code1C ?? null, savedAt: savedAt(n) }));
    },
  };
}



// ---------------------------------------------------------------------------------------------------------------
