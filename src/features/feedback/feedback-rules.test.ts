import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_ATTACHMENT_MAX_BYTES,
  FEEDBACK_MAX_ATTACHMENTS,
  REQUIRED_MESSAGE,
  SUBJECT_TOO_LONG_MESSAGE,
  attachmentProblem,
  attachmentProblems,
  attachmentsOfflineText,
  formatFileSize,
  hasErrors,
  validateFeedback,
} from './feedback-rules';

const valid = { theme: 3, subject: 'Не открывается задача', message: 'После нажатия «Перейти» страница пустая.' };

describe('validateFeedback (SPEC §5 Feedback)', () => {
  it.each([
    ['a complete form', valid, {}],
    ['no theme', { ...valid, theme: null }, { theme: REQUIRED_MESSAGE }],
    ['theme 0', { ...valid, theme: 0 }, { theme: REQUIRED_MESSAGE }],
    ['empty subject', { ...valid, subject: '' }, { subject: REQUIRED_MESSAGE }],
    ['blank subject', { ...valid, subject: '   ' }, { subject: REQUIRED_MESSAGE }],
    ['subject of 255', { ...valid, subject: 'я'.repeat(255) }, {}],
    ['subject of 256', { ...valid, subject: 'я'.repeat(256) }, { subject: SUBJECT_TOO_LONG_MESSAGE }],
    ['empty message', { ...valid, message: '' }, { message: REQUIRED_MESSAGE }],
    ['blank message', { ...valid, message: '\n \t' }, { message: REQUIRED_MESSAGE }],
    [
      'everything empty',
      { theme: null, subject: '', message: '' },
      { theme: REQUIRED_MESSAGE, subject: REQUIRED_MESSAGE, message: REQUIRED_MESSAGE },
    ],
    ['signing-error theme 9', { ...valid, theme: 9 }, {}],
  ])('%s', (_name, values, expected) => {
    const errors = validateFeedback(values);
    expect(errors).toEqual(expected);
    expect(hasErrors(errors)).toBe(Object.keys(expected).length > 0);
  });
});

describe('attachmentProblem', () => {
  it.each([
    ['a small file', { size: 1000 }, 0, null],
    ['exactly the limit', { size: FEEDBACK_ATTACHMENT_MAX_BYTES }, 0, null],
    ['over the limit', { size: FEEDBACK_ATTACHMENT_MAX_BYTES + 1 }, 0, 'Размер файла превышает 20Mb'],
    ['an empty file', { size: 0 }, 0, 'Файл пустой'],
    ['too many files', { size: 10 }, FEEDBACK_MAX_ATTACHMENTS, `Можно приложить не более ${FEEDBACK_MAX_ATTACHMENTS} файлов`],
  ])('%s', (_name, file, attached, expected) => {
    expect(attachmentProblem(file, attached)).toBe(expected);
  });
});

describe('formatFileSize', () => {
  it.each([
    [512, '512 Б'],
    [2048, '2,0 КБ'],
    [5 * 1024 * 1024, '5,0 МБ'],
  ])('%i bytes → %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});

describe('attachmentProblems: every refused file is named, as sentences', () => {
  it('keeps each problem, the empty file included', () => {
    const big = { name: 'большой.pdf', size: 21 * 1024 * 1024 };
    const empty = { name: 'пустой.txt', size: 0 };
    const good = { name: 'скрин.png', size: 10 };
    expect(attachmentProblems([big, good, empty], 0)).toEqual({
      accepted: [1],
      problems: ['большой.pdf: Размер файла превышает 20Mb.', 'пустой.txt: Файл пустой.'],
    });
  });
});

describe('attachmentsOfflineText: said before a pick while offline', () => {
  it('speaks of files before any pick, of other files once some are listed', () => {
    expect(attachmentsOfflineText(0)).toBe('Файлы можно приложить, когда появится соединение с сервером.');
    expect(attachmentsOfflineText(2)).toBe('Другие файлы можно приложить, когда появится соединение с сервером.');
  });
});
