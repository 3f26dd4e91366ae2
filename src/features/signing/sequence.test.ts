import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { SigningError } from './cades/errors';
import { runSigningSequence, type SequenceDeps, type SequenceProgress } from './sequence';

function deps(overrides: Partial<SequenceDeps> = {}) {
  const log: string[] = [];
  const base: SequenceDeps = {
    files: [
      { id: 5, name: 'Отчёт.pdf' },
      { id: 6, name: 'Акт.pdf' },
    ],
    fileBase64: async (id) => (log.push(`load ${id}`), `file-${id}`),
    pdfBase64: async () => (log.push('load pdf'), 'pdf'),
    sign: async (content) => (log.push(`sign ${content}`), `sig(${content})`),
    saveFileSignature: async (id, s) => void log.push(`save ${id} ${s}`),
    savePointSignature: async (s, pdf) => void log.push(`save point ${s} ${pdf}`),
    ...overrides,
  };
  return { deps: base, log };
}

describe('signing sequence (SPEC §4)', () => {
  it('signs every file in turn, then the PDF, with the progress texts', async () => {
    const { deps: d, log } = deps();
    const seen: string[] = [];
    const result = await runSigningSequence(d, (p) => p.current && seen.push(p.current));
    expect(log).toEqual([
      'load 5', 'sign file-5', 'save 5 sig(file-5)',
      'load 6', 'sign file-6', 'save 6 sig(file-6)',
      'load pdf', 'sign pdf', 'save point sig(pdf) pdf',
    ]);
    expect([...new Set(seen)]).toEqual(['Подписываем 1 файл из 2', 'Подписываем 2 файл из 2', 'Подписываем анкетные данные']);
    expect(result.outcome).toBe('done');
    expect(result.steps.map((s) => s.state)).toEqual(['done', 'done', 'done']);
  });

  it('signs just the PDF when there are no signable files', async () => {
    const { deps: d, log } = deps({ files: [] });
    const result = await runSigningSequence(d, () => undefined);
    expect(log).toEqual(['load pdf', 'sign pdf', 'save point sig(pdf) pdf']);
    expect(result.outcome).toBe('done');
  });

  it('stops at a plug-in error with the mapped text on that step', async () => {
    const { deps: d, log } = deps({
      sign: async (content) => {
        if (content === 'file-6') throw new Error('Не удается построить цепочку (0x800B010A)');
        return 'sig';
      },
    });
    const result = await runSigningSequence(d, () => undefined);
    expect(result.outcome).toBe('failed');
    expect(result.steps.map((s) => s.state)).toEqual(['done', 'error', 'pending']);
    expect(result.steps[1]!.error).toBe('Ошибка подписи: Ошибка проверки цепочки доверия. Попробуйте использовать другой сертификат');
    expect(log).not.toContain('load pdf');
  });

  it('reports a cancelled signature', async () => {
    const { deps: d } = deps({ sign: async () => Promise.reject(new SigningError('cancelled')) });
    const result = await runSigningSequence(d, () => undefined);
    expect(result.steps[0]!.error).toBe('Ошибка подписи: Операция отменена пользователем');
    expect(result.failure).toBe(result.steps[0]!.error);
  });

  it('puts the server message into the banner when saving fails', async () => {
    const { deps: d } = deps({
      savePointSignature: async () => {
        throw new ApiError(422, { message: 'Сначала подпишите файлы: Акт.pdf' });
      },
    });
    const updates: SequenceProgress[] = [];
    const result = await runSigningSequence(d, (p) => updates.push(p));
    expect(result.steps[2]).toMatchObject({ state: 'error', error: 'Не удалось сохранить подпись' });
    expect(result.serverMessage).toBe('Сначала подпишите файлы: Акт.pdf');
    expect(updates.at(-1)!.outcome).toBe('failed');
  });

  it('explains a failed download', async () => {
    const { deps: d } = deps({ fileBase64: async () => Promise.reject(new ApiError(404, { message: 'Файл не найден' })) });
    const result = await runSigningSequence(d, () => undefined);
    expect(result.steps[0]).toMatchObject({ state: 'error', error: 'Не удалось получить файл для подписи' });
    expect(result.serverMessage).toBe('Файл не найден');
  });
});
