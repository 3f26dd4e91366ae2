import { describe, expect, it } from 'vitest';
import { canApply } from './apply';

const now = Date.parse('2026-11-21T12:00:00Z');
const open = { dateFrom: '2026-10-01T00:00:00Z', dateTo: '2027-01-01T00:00:00Z', dateFillFrom: '2026-10-01T00:00:00Z', preRegistration: false };

describe('"Подать заявку": canCreate AND (filling open OR pre-registration open)', () => {
  it.each([
    ['open, may create', open, true, true],
    ['open, role may not create', open, false, false],
    ['filling not started yet', { ...open, dateFillFrom: '2026-12-01T00:00:00Z' }, true, false],
    ['filling not started, but pre-registration', { ...open, dateFillFrom: '2026-12-01T00:00:00Z', preRegistration: true }, true, true],
    ['finished', { ...open, dateTo: '2026-06-30T00:00:00Z' }, true, false],
    ['finished with pre-registration', { ...open, dateTo: '2026-06-30T00:00:00Z', preRegistration: true }, true, false],
    ['no dates at all', { preRegistration: false }, true, true],
    ['falls back to dateFrom without dateFillFrom', { ...open, dateFillFrom: null, dateFrom: '2026-12-01T00:00:00Z' }, true, false],
  ])('%s', (_name, c, canCreate, expected) => expect(canApply(c, { canCreate, now })).toBe(expected));
});
