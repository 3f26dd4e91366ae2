import { describe, expect, it } from 'vitest';
import { submitBannerText, submitLabel, submitOpen } from './submit';

describe('SPEC §2 submit button', () => {
  it.each([
    [{ voteMode: true, expert: true }, 'Перейти к отправке'],
    [{ voteMode: true, expert: false }, 'Сформировать файл голосования'],
    [{ voteMode: false, expert: true }, 'Сформировать для отправки'],
    [{ voteMode: false, expert: false }, 'Сформировать для отправки'],
  ])('%j → %s', (mode, label) => expect(submitLabel(mode)).toBe(label));

  const now = Date.parse('2026-11-21T12:00:00Z');
  it.each([
    [null, true],
    ['2026-11-21T11:59:59Z', true],
    ['2026-11-21T12:00:00Z', true],
    ['2026-11-21T12:00:01Z', false],
    ['2026-12-05T00:00:00Z', false],
  ])('dateSubmitFrom %j → visible %s', (from, open) => expect(submitOpen(from, now)).toBe(open));

  it('banner names the Moscow date and time', () => {
    expect(submitBannerText('2026-12-05T07:00:00Z')).toContain('05.12.2026 в 10:00 (МСК)');
    expect(submitBannerText('2026-12-05T23:30:00+03:00')).toContain('05.12.2026 в 23:30 (МСК)');
    // Without an offset the value is Moscow wall-clock time, whatever the browser's zone.
    expect(submitBannerText('2026-12-31T21:15:00')).toContain('31.12.2026 в 21:15 (МСК)');
  });
});
