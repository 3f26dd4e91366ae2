import { unprocessable, safeFileName, type FieldError } from '../lib/http';
import type { OperationHandlers } from '../lib/operations';
import type { Services } from '../lib/services';

/** SPEC §9: the feedback theme used for signing errors. */
export const SIGNING_ERROR_THEME_ID = 9;
/** SPEC §5 Feedback: subject at most 255 characters. */
const SUBJECT_MAX = 255;
/** Per attachment (the drop-zone default of SPEC §9, 20 MB) and per message. */
const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
const ATTACHMENTS_MAX = 10;

interface SupportThemeDoc {
  id: number;
  name: string;
  sort: number;
}

interface SupportMessageDoc {
  id: number;
  project: string;
  userId: number;
  userFio: string;
  userEmail: string | null;
  theme: number;
  themeName: string;
  subject: string;
  message: string;
  attachments: { fileId: number; name: string; size: number; mime: string }[];
  createdAt: string;
  status: 'new';
}

const THEMES: Omit<SupportThemeDoc, 'sort'>[] = [
  { id: 1, name: 'Вопрос по конкурсу' },
  { id: 2, name: 'Заполнение анкеты и подача заявки' },
  { id: 3, name: 'Задачи проекта и отчётность' },
  { id: 4, name: 'Вход в личный кабинет' },
  { id: 5, name: 'Назначение роли и доступ к разделам' },
  { id: 6, name: 'Технические неполадки' },
  { id: 7, name: 'Результаты интеллектуальной деятельности (РИД)' },
  { id: 8, name: 'Предложения по работе портала' },
  { id: SIGNING_ERROR_THEME_ID, name: 'Ошибка подписания электронной подписью' },
  { id: 10, name: 'Другое' },
];

async function storeFile(s: Services, file: { fileName: string; mimeType: string; data: Buffer }): Promise<number> {
  const id = await s.db.nextId('files');
  await s.db.query('INSERT INTO files (id, name, mime, size, content, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    safeFileName(file.fileName),
    file.mimeType || 'application/octet-stream',
    file.data.length,
    file.data,
    s.clock.nowSeconds(),
  ]);
  return id;
}

/** The support host (openapi/support.yaml): feedback themes and questions with attachments (SPEC §7). */
export function supportHandlers(s: Services): OperationHandlers {
  const themes = s.collection<SupportThemeDoc>('support_themes');
  const messages = s.collection<SupportMessageDoc>('support_messages');

  return {
    async supportThemeList() {
      const list = await themes.all();
      return list.sort((a, b) => a.sort - b.sort).map(({ id, name }) => ({ id, name }));
    },

    async supportMessageSend({ body, files, user }) {
      const errors: FieldError[] = [];
      const theme = await themes.get(Number(body.theme));
      if (!theme) errors.push({ field: 'theme', message: 'Выберите тему обращения из списка' });
      const subject = String(body.subject ?? '').trim();
      if (!subject) errors.push({ field: 'subject', message: 'Заполните поле' });
      else if (subject.length > SUBJECT_MAX) errors.push({ field: 'subject', message: `Тема не может быть длиннее ${SUBJECT_MAX} символов` });
      const message = String(body.message ?? '').trim();
      if (!message) errors.push({ field: 'message', message: 'Заполните поле' });
      const uploads = files['attachments[]'] ?? [];
      if (uploads.length > ATTACHMENTS_MAX) errors.push({ field: 'attachments', message: `Можно приложить не более ${ATTACHMENTS_MAX} файлов` });
      for (const file of uploads) {
        if (file.data.length > ATTACHMENT_MAX_BYTES)
          errors.push({ field: 'attachments', message: `Размер файла превышает 20Mb: ${safeFileName(file.fileName)}` });
      }
      if (errors.length) throw unprocessable(errors);

      const attachments = [];
      for (const file of uploads) {
        attachments.push({ fileId: await storeFile(s, file), name: safeFileName(file.fileName), size: file.data.length, mime: file.mimeType });
      }
      const saved = await messages.insert({
        project: String(body.project),
        userId: user.id,
        userFio: user.fio,
        userEmail: user.email,
        theme: theme!.id,
        themeName: theme!.name,
        subject,
        message,
        attachments,
        createdAt: new Date(s.clock.now()).toISOString(),
        status: 'new',
      });
      return { success: true, message: `Обращение №${saved.id} принято. Ответ придёт на адрес ${user.email ?? 'из профиля'}.` };
    },
  };
}

/** Themes of the feedback dialog; theme 9 is the signing-error theme (SPEC §9). */
export async function seedSupport(s: Services): Promise<void> {
  const themes = s.collection<SupportThemeDoc>('support_themes');
  let sort = 10;
  for (const theme of THEMES) {
    await themes.put({ ...theme, sort });
    sort += 10;
  }
}
