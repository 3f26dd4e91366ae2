import { fileReply, forbidden, notFound, unprocessable } from '../../lib/http';
import { page } from '../../lib/paging';
import type { OperationHandlers } from '../../lib/operations';
import type { Services } from '../../lib/services';
import { canSeeProject, isProjectMember, projectsOf, visibleProject, BRIEFCASES } from './model';
import { TASK_TEMPLATES, createProjectPoint } from './points';

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
