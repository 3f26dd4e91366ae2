import { describe, expect, it } from 'vitest';
import { taskButtons, type PointFlags } from './task-buttons';

const base: PointFlags = {
  status: { code1C: 'IN_PROCESSING' },
  ownerId: 7,
  responsibleUserId: 7,
  canEdit: false,
  canSign: false,
  canHold: false,
  holdMode: null,
  canReturnToEdit: false,
  canCencelHold: false,
  canAddToArchive: false,
  archive: false,
  signable: false,
};
const on = (patch: Partial<PointFlags>) => taskButtons({ ...base, ...patch }, 7);

describe('task preview buttons (SPEC §2, §4)', () => {
  it('no flags: only the downloads', () => {
    expect(on({})).toEqual({ withdraw: false, returnToEdit: false, cancelHold: false, toArchive: false, fromArchive: false, zip: true, pdf: true, sign: null, holdHint: false });
  });

  it.each<[string, Partial<PointFlags>, keyof ReturnType<typeof on>, unknown]>([
    ['canHold, no mode → withdraw', { canHold: true }, 'withdraw', true],
    ['canHold, mode S → withdraw', { canHold: true, holdMode: 'S' }, 'withdraw', true],
    ['canHold, mode D → no withdraw', { canHold: true, holdMode: 'D' }, 'withdraw', false],
    ['mode S without canHold → no withdraw', { holdMode: 'S' }, 'withdraw', false],
    ['canReturnToEdit', { canReturnToEdit: true }, 'returnToEdit', true],
    ['canCencelHold', { canCencelHold: true }, 'cancelHold', true],
    ['canAddToArchive', { canAddToArchive: true }, 'toArchive', true],
    ['canAddToArchive but archived', { canAddToArchive: true, archive: true }, 'toArchive', false],
    ['archived, mine → unarchive', { archive: true }, 'fromArchive', true],
    ['archived, someone else’s → no unarchive', { archive: true, ownerId: 8, responsibleUserId: 8 }, 'fromArchive', false],
    ['archived, I am responsible → unarchive', { archive: true, ownerId: 8, responsibleUserId: 7 }, 'fromArchive', true],
    ['signing required + signable + canSign', { status: { code1C: 'SIGNING_REQUIRED' }, signable: true, canSign: true }, 'sign', 'Подписать и отправить'],
    ['withdrawal awaits signature', { status: { code1C: 'REVIEW_WITH_SIGNING' }, signable: true, canSign: true, holdMode: 'S' }, 'sign', 'Подписать отзыв'],
    ['signing status without canSign', { status: { code1C: 'SIGNING_REQUIRED' }, signable: true }, 'sign', null],
    ['signing status, not signable', { status: { code1C: 'SIGNING_REQUIRED' }, canSign: true }, 'sign', null],
    ['canSign in another status', { status: { code1C: 'FILLING' }, signable: true, canSign: true }, 'sign', null],
    ['hint: REVIEW_WITH_SIGNING + S', { status: { code1C: 'REVIEW_WITH_SIGNING' }, holdMode: 'S' }, 'holdHint', true],
    ['no hint without S', { status: { code1C: 'REVIEW_WITH_SIGNING' }, holdMode: null }, 'holdHint', false],
    ['no hint in another status', { status: { code1C: 'IN_PROCESSING' }, holdMode: 'S' }, 'holdHint', false],
  ])('%s', (_name, patch, key, expected) => {
    expect(on(patch)[key]).toBe(expected);
  });
});
