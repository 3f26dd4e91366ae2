import { describe, expect, it } from 'vitest';
import { certificateStatus, formatCertificateDate, validityText } from './certificate-status';

const NOW = Date.UTC(2026, 5, 1, 12, 0);

describe('certificate status (SPEC §4)', () => {
  it.each([
    ['valid', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 'Действителен', true],
    ['ends today later', '2026-01-01T00:00:00Z', '2026-06-01T12:01:00Z', 'Действителен', true],
    ['ended a minute ago', '2025-01-01T00:00:00Z', '2026-06-01T11:59:00Z', 'Срок действия истек', false],
    ['long expired', '2020-01-01T00:00:00Z', '2021-01-01T00:00:00Z', 'Срок действия истек', false],
    ['not yet valid', '2026-07-01T00:00:00Z', '2027-07-01T00:00:00Z', 'Срок действия не наступил', false],
    ['unreadable end', '2026-01-01T00:00:00Z', 'никогда', 'Срок действия истек', false],
  ])('%s', (_name, validFrom, validTo, text, selectable) => {
    expect(certificateStatus({ validFrom, validTo }, NOW)).toEqual({ text, selectable });
  });

  it('formats DD.MM.YYYY HH:mm in Moscow time', () => {
    expect(formatCertificateDate('2026-01-10T07:00:00.000Z')).toBe('10.01.2026 10:00');
    expect(validityText({ validFrom: '2026-01-10T07:00:00Z', validTo: '2027-01-10T20:30:00Z' })).toBe('10.01.2026 10:00 – 10.01.2027 23:30');
  });
});
