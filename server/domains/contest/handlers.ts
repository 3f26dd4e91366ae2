import { JsonReply, forbidden, notFound, unprocessable, type FieldError } from '../../lib/http';
import type { OperationHandlers } from '../../lib/operations';
import { page } from '../../lib/paging';
import type { Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { loadUser } from '../users';
import { isoNow, storeFile } from '../projects-v1/model';
import { CONTEST_STATUSES, LINK_ROLE_NAMES, type LinkRole, isAdmin, userBrief } from './model';
import { contestTools } from './tools';
import { contestResultHandlers } from './results';
import { contestFormHandlers } from './forms';

export function contestHandlers(s: Services): OperationHandlers {
  const { contests, links, contestView, getContest, checkDates, link, unlink } = contestTools(s);
  return {
    ...contestResultHandlers(s),
    ...contestFormHandlers(s),
    async contestList({ query }) {
      const list = (await contests.all()).filter((c) => query.type === undefined || c.type === query.type).reverse();
      const paged = page(list, query);
      return { ...paged, items: await Promise.all(paged.items.map(contestView)) };
    },
    async contestCreate({ body, files, user }) {
      if (!isAdmin(user)) throw forbidden('Создавать конкурсы может администратор конкурса');
      const errors: FieldError[] = [];
      if (!String(body.name).trim()) errors.push({ field: 'name', message: 'Заполните поле' });
      if (body.status !== undefined && !CONTEST_STATUSES[body.status]) errors.push({ field: 'status', message: `Неизвестный статус; допустимо: ${Object.keys(CONTEST_STATUSES).join(', ')}` });
      errors.push(...checkDates(body, [['date_from', 'date_to'], ['result_date_from', 'result_date_to']]));
      const image = files.image?.[0];
      if (image && !/^image\//.test(image.mimeType) && !/\.(png|jpe?g|gif|webp|svg)$/i.test(image.fileName)) {
        errors.push({ field: 'image', message: 'Изображение должно быть файлом PNG, JPG, GIF, WEBP или SVG' });
      }
      if (errors.length) throw unprocessable(errors);
      const now = isoNow(s);
      const stored: Json[] = [];
      for (const file of files.files ?? []) {
        const id = await storeFile(s, { name: file.fileName, mime: file.mimeType, data: file.data });
        stored.push({ id, name: file.fileName, description: null, url: null, size: file.data.length });
      }
      const imageId = image ? await storeFile(s, { name: image.fileName, mime: image.mimeType, data: image.data }) : null;
      const contest = await contests.insert({
        name: String(body.name).trim(),
        description: body.description ?? null,
        type: body.type ?? null,
        status: body.status ?? 'draft',
        code1C: body.code1C ?? null,
        date_from: body.date_from ?? null,
        date_to: body.date_to ?? null,
        result_date_from: body.result_date_from ?? null,
        result_date_to: body.result_date_to ?? null,
        image: null,
        _imageFileId: imageId,
        files: stored,
        created_at: now,
        updated_at: now,
        _createdBy: user.id,
      });
      return new JsonReply(201, await contestView(contest));
    },
    async contestGet({ params }) {
      return contestView(await getContest(Number(params.id)));
    },
    async contestUpdate({ params, body, user }) {
      if (!isAdmin(user)) throw forbidden('Изменять конкурсы может администратор конкурса');
      const contest = await getContest(Number(params.id));
      const next = { ...contest, ...body, updated_at: isoNow(s) };
      const errors: FieldError[] = [];
      if (body.name !== undefined && !String(body.name).trim()) errors.push({ field: 'name', message: 'Заполните поле' });
      if (body.status !== undefined && !CONTEST_STATUSES[body.status]) errors.push({ field: 'status', message: `Неизвестный статус; допустимо: ${Object.keys(CONTEST_STATUSES).join(', ')}` });
      errors.push(...checkDates(next, [['date_from', 'date_to'], ['result_date_from', 'result_date_to']]));
      if (errors.length) throw unprocessable(errors);
      return contestView(await contests.put(next));
    },
    contestAddManager: ({ body, user }) => link(body, user, 'manager'),
    contestDelManager: ({ body, user }) => unlink(body, user, 'manager'),
    contestAddMonitor: ({ body, user }) => link(body, user, 'monitor'),
    contestDelMonitor: ({ body, user }) => unlink(body, user, 'monitor'),
    contestAddExpert: ({ body, user }) => link(body, user, 'expert'),
    contestDelExpert: ({ body, user }) => unlink(body, user, 'expert'),
    async contestSetUserStatus({ body, user }) {
      if (!isAdmin(user)) throw forbidden('Менять статус пользователей конкурса может администратор конкурса');
      await getContest(body.contest_id);
      const candidates = (await links.where({ contest_id: body.contest_id, user_id: body.user_id })).filter((l) => !body.role || l.role === body.role);
      if (!candidates.length) throw notFound('Пользователь не назначен конкурсу' + (body.role ? ` как ${LINK_ROLE_NAMES[body.role as LinkRole][0]}` : ''));
      if (candidates.length > 1) throw unprocessable([{ field: 'role', message: 'Пользователь назначен в нескольких ролях: укажите role' }]);
      const updated = await links.put({ ...candidates[0]!, status: body.status });
      return { ...updated, user: userBrief(await loadUser(s, updated.user_id)) };
    },
  };
}
