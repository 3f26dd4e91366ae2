import { describe, expect, it } from 'vitest';
import { buildDefinition, type Questionnaire } from './definition';
import { formProgress, progressText } from './progress';
import { initialState, slotKey } from './slots';

const field = (code1C: string, dataType: string, extra: Record<string, unknown> = {}) => ({ code1C, name: code1C, sort: 1, fieldType: { id: 1, dataType }, ...extra });
const q = {
  code1C: 'Q',
  name: 'Анкета',
  point: {
    name: 'Анкета',
    pointGroups: [
      { code1C: 'A', name: 'Проект', multiple: false },
      { code1C: 'T', name: 'Команда', multiple: true },
    ],
    pointFields: [
      field('NAME', 'text', { required: true, groupCode: 'A' }),
      field('NOTE', 'text', { groupCode: 'A' }),
      field('FIXED', 'text', { required: true, readOnly: true, groupCode: 'A' }),
      field('SRC', 'hidden', { required: true, groupCode: 'A' }),
      field('AGREE', 'agree', { required: true, groupCode: 'A' }),
      field('FIO', 'text', { required: true, groupCode: 'T' }),
    ],
    pointAttachments: [],
  },
} as unknown as Questionnaire;

describe('progress of the form (issue 17)', () => {
  it('counts only required fields a person can fill, per group instance', () => {
    const def = buildDefinition(q);
    const state = initialState(def, {});
    expect(formProgress(def, state)).toMatchObject({ filled: 0, required: 3 });
    state.values.set(slotKey('NAME', 0, 0), 'Дроны');
    state.values.set(slotKey('AGREE', 0, 0), 'Y');
    state.groups.set('T', [0, 1]);
    state.values.set(slotKey('FIO', 1, 0), 'Иванов');
    const p = formProgress(def, state);
    expect(p).toMatchObject({ filled: 3, required: 4 });
    expect(p.sections.get('T')).toEqual({ filled: 1, required: 2 });
    expect(p.sections.get('A')).toEqual({ filled: 2, required: 2 });
  });
  it.each([
    [{ filled: 18, required: 27 }, 'Заполнено 18 из 27 обязательных полей'],
    [{ filled: 0, required: 1 }, 'Заполнено 0 из 1 обязательного поля'],
    [{ filled: 5, required: 21 }, 'Заполнено 5 из 21 обязательного поля'],
    [{ filled: 5, required: 11 }, 'Заполнено 5 из 11 обязательных полей'],
  ])('%j → %s', (p, text) => expect(progressText(p)).toBe(text));
});
