import * as v from 'valibot';
import { DROP_ZONE_MAX_BYTES, FEEDBACK_SUBJECT_MAX } from '@/lib/limits';
import { firstIssues } from '@/components/schema-errors';

/** The feedback form of the dialog "Задать вопрос" (SPEC §3 Feedback: theme, subject, message, attachments). */
export interface FeedbackValues {
  theme: number | null;
  subject: string;
  message: string;
}

export type FeedbackErrors = Partial<Record<keyof FeedbackValues, string>>;

/** SPEC §5 named rule "required". */
export const REQUIRED_MESSAGE = 'Заполните поле';
export const SUBJECT_TOO_LONG_MESSAGE = `Тема не может быть длиннее ${FEEDBACK_SUBJECT_MAX} символов`;

/** Attachments are optional; each file keeps to the drop-zone limit of SPEC §9 (20 MB). */
export const FEEDBACK_ATTACHMENT_MAX_BYTES = DROP_ZONE_MAX_BYTES;
export const FEEDBACK_MAX_ATTACHMENTS = 10;
/**
 * Said in «Вложения» while there is no connection, before any pick: files go only with the message, so they are picked
 * only online. Files picked before the connection was lost stay listed: the sentence then speaks of other files.
 */
export function attachmentsOfflineText(attached: number): string {
  return `${attached > 0 ? 'Другие файлы' : 'Файлы'} можно приложить, когда появится соединение с сервером.`;
}

const filled = (text: string) => text.trim() !== '';

/**
 * SPEC §5 "Feedback": theme required; subject required, at most 255 characters; message required.
 * Whitespace alone does not count as a value. The dialog's form validates with this schema.
 */
export const feedbackSchema: v.GenericSchema<FeedbackValues> = v.object({
  theme: v.pipe(
    v.nullable(v.number()),
    v.check((theme) => theme !== null && Number.isInteger(theme) && theme >= 1, REQUIRED_MESSAGE),
  ),
  subject: v.pipe(
    v.string(),
    v.check(filled, REQUIRED_MESSAGE),
    v.check((subject) => subject.trim().length <= FEEDBACK_SUBJECT_MAX, SUBJECT_TOO_LONG_MESSAGE),
  ),
  message: v.pipe(v.string(), v.check(filled, REQUIRED_MESSAGE)),
});

export function validateFeedback(values: FeedbackValues): FeedbackErrors {
  return firstIssues(feedbackSchema, values);
}

export const hasErrors = (errors: Record<string, string | undefined>) => Object.values(errors).some(Boolean);

/** Every refused file of one pick, each as a sentence of its own ("name: reason."), none lost to a later one. */
export function attachmentProblems(files: readonly { name: string; size: number }[], alreadyAttached: number): { accepted: number[]; problems: string[] } {
  const accepted: number[] = [];
  const problems: string[] = [];
  files.forEach((file, index) => {
    const reason = attachmentProblem(file, alreadyAttached + accepted.length);
    if (reason) problems.push(`${file.name}: ${reason}.`);
    else accepted.push(index);
  });
  return { accepted, problems };
}

/** The reason a picked file is refused (size in the words of SPEC §5 "Размер файла превышает {N}Mb"), or null. */
export function attachmentProblem(file: { size: number }, alreadyAttached: number): string | null {
  if (alreadyAttached >= FEEDBACK_MAX_ATTACHMENTS) return `Можно приложить не более ${FEEDBACK_MAX_ATTACHMENTS} файлов`;
  if (file.size > FEEDBACK_ATTACHMENT_MAX_BYTES) return `Размер файла превышает ${FEEDBACK_ATTACHMENT_MAX_BYTES / 1024 / 1024}Mb`;
  if (file.size === 0) return 'Файл пустой';
  return null;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace('.', ',')} КБ`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
}
