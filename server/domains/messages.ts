import { forbidden, unprocessable } from '../lib/http';
import type { OperationHandlers } from '../lib/operations';
import { page } from '../lib/paging';
import { hasRole, type AuthUser, type Services } from '../lib/services';
import { allUsers, loadUser, saveUser } from './users';

/**
 * The messages host (openapi/messages.yaml): notifications of the bell, read marks, per-user parameters and the
 * notification settings (SPEC §7 "Messages and support", §3 Notification, §9 polling every 60 s).
 *
 * Every signed-in user has a notification stream: each STREAM_INTERVAL_MS of server time (s.clock, which tests
 * move with POST /__test/clock) one new notification is produced when the user next asks, so the polling bell
 * visibly receives news in the demo. At most STREAM_BURST are produced at once after a long absence.
 */
export const STREAM_INTERVAL_MS = 5 * 60_000;
const STREAM_BURST = 3;
/** The project code the reference deployment writes into config.json (SPEC §9: a constant). */
export const DEFAULT_MESSAGING_PROJECT = 'grants-cabinet';

export interface NotificationDoc {
  id: number;
  userId: number;
  project: string;
  message: string;
  date: string;
  new: 'Y' | 'N';
}

interface StreamDoc {
  id: string;
  userId: number;
  project: string;
  lastAt: number;
  seq: number;
}

interface ParamsDoc {
  id: string;
  params: Record<string, string | number | boolean | null>;
}

/** Realistic portal events; some are longer than 100 characters so that the bell truncates them (SPEC §9). */
const STREAM_TEMPLATES: ((n: number, user: { fio: string }) => string)[] = [
  (n) => `Задача «Отчёт о ходе реализации проекта за ${['I', 'II', 'III', 'IV'][n % 4]} квартал» ожидает заполнения.`,
  () =>
    'Менеджер оставил комментарий к задаче «Смета расходов»: уточните назначение платежей по статье «Оборудование» и приложите договор поставки с актом приёма-передачи.',
  (n) => `Ваша заявка №${2400 + n} на конкурс «Старт-ИИ-1» передана на экспертизу.`,
  () => 'Напоминание: до окончания приёма заявок на конкурс «Коммерциализация-2025» осталось 3 дня.',
  () => 'Подпись анкетных данных задачи «Итоговый отчёт» проверена: документы приняты в обработку.',
  (n) => `Запрос на изменение по проекту №${1040 + (n % 7)} рассмотрен менеджером. Изменения внесены в план мероприятий.`,
  (_n, user) =>
    `${user.fio.split(' ')[1] ?? 'Уважаемый пользователь'}, в разделе «Мои задачи» появилась новая задача «Актуализация сведений о результатах интеллектуальной деятельности». Срок выполнения — 10 рабочих дней.`,
  () => 'Плановые технические работы на портале пройдут в ночь с субботы на воскресенье с 01:00 до 03:00 (МСК).',
];

const SEEDED: { userIds: number[]; messages: string[] }[] = [
  {
    userIds: [7, 8],
    messages: [
      'Задача «Анкета участника конкурса „Старт-1“» возвращена к редактированию. Исправьте замечания менеджера в разделе «Команда проекта» и отправьте анкету повторно.',
      'Открыт приём заявок на конкурс «Коммерциализация-2025».',
      'Договор по проекту №1042 подписан обеими сторонами.',
    ],
  },
  {
    userIds: [1, 4, 10],
    messages: [
      'Грантополучатель ООО «НейроТех» отправил отчёт за III квартал: требуется проверка до 05.12.',
      'Поступил запрос на изменение по проекту №1042 «Нейросетевая диагностика оборудования».',
    ],
  },
  {
    userIds: [5],
    messages: ['Вам назначена экспертиза заявки №2417 по конкурсу «Старт-ИИ-1». Срок подготовки заключения — 7 дней.'],
  },
  {
    userIds: [2, 3],
    messages: [
      'Пользователь Смирнов Николай Петрович зарегистрировался и ожидает назначения роли.',
      'Резервное копирование базы данных портала выполнено успешно.',
    ],
  },
];

const paramsKey = (userId: number, project: string) => `${userId}:${project}`;

export function messagesHandlers(s: Services): OperationHandlers {
  const notifications = s.collection<NotificationDoc>('notifications');
  const streams = s.collection<StreamDoc>('notification_streams');
  const params = s.collection<ParamsDoc>('user_params');

  /** Produces the stream's due notifications for the user (see the module comment). */
  async function advanceStream(user: AuthUser, project: string) {
    const now = s.clock.now();
    const key = paramsKey(user.id, project);
    const stream = await streams.get(key);
    if (!stream) {
      await streams.put({ id: key, userId: user.id, project, lastAt: now, seq: 0 });
      return;
    }
    // The clock was moved back (tests do that): restart the stream from now instead of producing nothing forever.
    if (now < stream.lastAt) {
      await streams.put({ ...stream, lastAt: now });
      return;
    }
    const due = Math.floor((now - stream.lastAt) / STREAM_INTERVAL_MS);
    if (due < 1) return;
    const produce = Math.min(due, STREAM_BURST);
    let seq = stream.seq;
    for (let i = produce - 1; i >= 0; i--) {
      const template = STREAM_TEMPLATES[seq % STREAM_TEMPLATES.length]!;
      await notifications.insert({
        userId: user.id,
        project,
        message: template(seq, user),
        date: new Date(now - i * STREAM_INTERVAL_MS).toISOString(),
        new: 'Y',
      });
      seq += 1;
    }
    await streams.put({ ...stream, seq, lastAt: due > STREAM_BURST ? now : stream.lastAt + due * STREAM_INTERVAL_MS });
  }

  async function ofUser(userId: number, project: string) {
    const list = await notifications.where({ userId, project });
    return list.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
  }

  const apiView = (n: NotificationDoc) => ({ id: n.id, message: n.message, date: n.date, new: n.new });
  const projectOf = (query: Record<string, unknown>) => String(query.project ?? DEFAULT_MESSAGING_PROJECT);

  async function send(project: string, userId: number, message: string) {
    return notifications.insert({ userId, project, message, date: new Date(s.clock.now()).toISOString(), new: 'Y' });
  }

  return {
    async messagesList({ query, user }) {
      const project = projectOf(query);
      await advanceStream(user, project);
      const paged = page(await ofUser(user.id, project), query);
      return { ...paged, items: paged.items.map(apiView) };
    },

    async messagesGetNew({ query, user }) {
      const project = projectOf(query);
      await advanceStream(user, project);
      const unread = (await ofUser(user.id, project)).filter((n) => n.new === 'Y');
      return { data: { items: unread.map(apiView) } };
    },

    async messagesRead({ body, user }) {
      const ids = new Set<number>(body.message);
      const own = (await ofUser(user.id, String(body.project))).filter((n) => ids.has(n.id));
      if (own.length === 0) throw unprocessable([{ field: 'message', message: 'Уведомления не найдены' }]);
      for (const n of own) if (n.new === 'Y') await notifications.put({ ...n, new: 'N' });
      return { success: true, message: `Отмечено прочитанными: ${own.length}` };
    },

    // Sending notifications to others is for managers and administrators (assumed in openapi/messages.yaml).
    async messagesCreate({ body, user }) {
      if (!hasRole(user, 1, 2)) throw forbidden();
      const target = await loadUser(s, body.user_id);
      if (!target) throw unprocessable([{ field: 'user_id', message: 'Пользователь не найден' }]);
      if (!String(body.message).trim()) throw unprocessable([{ field: 'message', message: 'Заполните поле' }]);
      return apiView(await send(String(body.project), target.id, String(body.message).trim()));
    },

    async messagesBatchCreate({ body, user }) {
      if (!hasRole(user, 1, 2)) throw forbidden();
      const known = new Set((await allUsers(s)).map((u) => u.id));
      const ids = [...new Set<number>(body.user_ids)];
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw unprocessable([{ field: 'user_ids', message: `Пользователи не найдены: ${unknown.join(', ')}` }]);
      if (!String(body.message).trim()) throw unprocessable([{ field: 'message', message: 'Заполните поле' }]);
      for (const id of ids) await send(String(body.project), id, String(body.message).trim());
      return { success: true, message: `Уведомление отправлено пользователям: ${ids.length}` };
    },

    async userParamsGet({ query, user }) {
      const doc = await params.get(paramsKey(user.id, String(query.project)));
      return { params: doc?.params ?? {} };
    },

    async userParamsSet({ body, user }) {
      const key = paramsKey(user.id, String(body.project));
      const current = (await params.get(key))?.params ?? {};
      await params.put({ id: key, params: { ...current, ...body.params } });
      return { success: true };
    },

    async notificationSettingsGet({ user }) {
      const stored = await loadUser(s, user.id);
      return { send_email: stored?.send_email ?? 1 };
    },

    async notificationChangeStatus({ body, user }) {
      const stored = await loadUser(s, user.id);
      if (!stored) throw unprocessable([{ field: 'user', message: 'Пользователь не найден' }]);
      await saveUser(s, { ...stored, send_email: body.send_email });
      return {
        success: true,
        message: body.send_email === 1 ? 'Уведомления будут приходить на электронную почту' : 'Отправка уведомлений на электронную почту отключена',
      };
    },
  };
}

/** Read and unread notifications for every demo account; the stream adds more over time. */
export async function seedMessages(s: Services): Promise<void> {
  const notifications = s.collection<NotificationDoc>('notifications');
  const now = s.clock.now();
  const hour = 3600_000;
  for (const group of SEEDED) {
    for (const userId of group.userIds) {
      // Older, already read notifications first.
      await notifications.insert({
        userId,
        project: DEFAULT_MESSAGING_PROJECT,
        message: 'Добро пожаловать в личный кабинет грантового портала! Заполните профиль, чтобы специалисты могли связаться с вами.',
        date: new Date(now - 30 * 24 * hour).toISOString(),
        new: 'N',
      });
      let age = group.messages.length * 5;
      for (const message of group.messages) {
        await notifications.insert({ userId, project: DEFAULT_MESSAGING_PROJECT, message, date: new Date(now - age * hour).toISOString(), new: 'Y' });
        age -= 5;
      }
    }
  }
}
