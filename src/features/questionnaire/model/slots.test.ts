import { describe, expect, it, vi } from 'vitest';
import type { DraftStore } from '@/lib/offline/draft-store';
import { buildDefinition, type Questionnaire } from './definition';
import { FormStore } from './form-store';
import { buildPayload, initialState, slotKey, slotOfServerError, validateAll } from './slots';

const field = (code1C: string, groupCode: string | null, dataType: string, extra: Record<string, unknown> = {}) => ({
  code1C,
  name: code1C,
  groupCode,
  sort: 0,
  fieldType: { id: 1, dataType, ...(extra.fieldType as object) },
  ...extra,
});

function questionnaire(fields: ReturnType<typeof field>[], groups = [{ code1C: 'MAIN', name: 'Основное' }, { code1C: 'TEAM', name: 'Команда', multiple: true }]): Questionnaire {
  return {
    code1C: 'T-1',
    name: 'Тест',
    templatePointCode: 'T-1-APP',
    point: { name: 'Заявка', pointGroups: groups, pointFields: fields.map((f, i) => ({ ...f, sort: i })), pointAttachments: [{ code1C: 'ATT', name: 'Документ', groupCode: 'MAIN' }] },
  } as unknown as Questionnaire;
}

describe('definition', () => {
  it('a new application adds a required "Название проекта" when the template has no project-name field (SPEC §5)', () => {
    const def = buildDefinition(questionnaire([field('A', 'MAIN', 'text')]), { newApplication: true });
    const first = def.sections[0]!;
    expect(first.fields[0]).toMatchObject({ code: 'projectName', name: 'Название проекта', required: true, synthetic: true });
  });
  it('a task of an existing project (a report, a returned point) asks for no project name', () => {
    const def = buildDefinition(questionnaire([field('A', 'MAIN', 'text')]));
    expect(def.fields.has('projectName')).toBe(false);
    expect(def.sections.flatMap((s) => s.fields).some((f) => f.synthetic)).toBe(false);
  });
  it('uses the template field when it has paramName projectName', () => {
    const def = buildDefinition(questionnaire([field('NAME', 'MAIN', 'text', { paramName: 'projectName', required: true })]), { newApplication: true });
    expect(def.fields.has('projectName')).toBe(false);
  });
  it('special type ids: 14 multi-value with add button, 15 without, 16 agreement, 6 url', () => {
    const def = buildDefinition(
      questionnaire([
        field('M14', 'MAIN', 'text', { fieldType: { id: 14, dataType: 'text' } }),
        field('M15', 'MAIN', 'text', { fieldType: { id: 15, dataType: 'text' } }),
        field('AG', 'MAIN', 'checkbox', { fieldType: { id: 16, dataType: 'checkbox' } }),
        field('URL', 'MAIN', 'text', { fieldType: { id: 6, dataType: 'text' } }),
      ]),
    );
    expect(def.fields.get('M14')).toMatchObject({ multiValue: true, addButton: true });
    expect(def.fields.get('M15')).toMatchObject({ multiValue: true, addButton: false });
    expect(def.fields.get('AG')!.dataType).toBe('agree');
    expect(def.fields.get('URL')!.rules).toEqual([{ name: 'url' }]);
  });
  it('a field or attachment listed more than once is one field (a broken answer of thousands of copies)', () => {
    const q = questionnaire(Array.from({ length: 5_000 }, () => field('A', 'MAIN', 'text')));
    q.point.pointAttachments = Array.from({ length: 5_000 }, () => q.point.pointAttachments[0]!);
    const def = buildDefinition(q);
    const main = def.sections.find((s) => s.code === 'MAIN')!;
    expect(main.fields.map((f) => f.code)).toEqual(['A']);
    expect(main.attachments).toHaveLength(1);
    expect(def.attachments).toHaveLength(1);
  });
  it('approved fields and read-only groups are read-only', () => {
    const def = buildDefinition(
      questionnaire([field('A', 'MAIN', 'text', { isApproved: true, managerComment: 'Ок' }), field('B', 'RO', 'text')], [
        { code1C: 'MAIN', name: 'Основное' },
        { code1C: 'RO', name: 'Только чтение', readOnly: true },
      ] as never),
    );
    expect(def.fields.get('A')).toMatchObject({ readOnly: true, approved: true, managerComment: 'Ок' });
    expect(def.fields.get('B')!.readOnly).toBe(true);
  });
});

describe('slots: initial values, payload and server error mapping', () => {
  const q = questionnaire([
    field('NAME', 'MAIN', 'text', { paramName: 'projectName', required: true }),
    field('D', 'MAIN', 'date', { fieldType: { id: 31, dataType: 'date', defaultValue: 'MM.yyyy' } }),
    field('KW', 'MAIN', 'text', { fieldType: { id: 14, dataType: 'text' } }),
    field('FIO', 'TEAM', 'text', { required: true }),
    field('CV', 'TEAM', 'dropFile'),
  ]);
  const def = buildDefinition(q);

  it('merges point values and the draft (draft wins; group instances from the draft)', () => {
    const state = initialState(def, {
      pointValues: [
        { fieldCode: 'NAME', value: 'С сервера', groupIndex: 0, valueIndex: 0 },
        { fieldCode: 'D', value: '01.03.2026', groupIndex: 0, valueIndex: 0 },
        { fieldCode: 'FIO', value: 'Петров', groupIndex: 0, valueIndex: 0 },
        { fieldCode: 'CV', value: 7, groupIndex: 0, valueIndex: 0 },
      ],
      attachedFiles: [{ id: 7, fileName: 'cv.pdf', isApproved: true }],
      draft: { 'NAME|0|0': 'Из черновика', '@group:TEAM': [0, 2], 'FIO|2|0': 'Сидорова', 'KW|0|1': 'ИИ' },
    });
    expect(state.values.get('NAME|0|0')).toBe('Из черновика');
    expect(state.values.get('D|0|0')).toBe('03.2026'); // shown in the field's format
    expect(state.groups.get('TEAM')).toEqual([0, 2]);
    expect(state.values.get('CV|0|0')).toMatchObject({ id: 7, fileName: 'cv.pdf', isApproved: true });
    expect(state.valueIndexes.get('KW|0')).toEqual([1]);
  });

  it('renumbers group instances and value indexes in the payload and maps errors back', () => {
    const state = initialState(def, {
      draft: { 'NAME|0|0': 'Проект', 'D|0|0': '03.2026', '@group:TEAM': [0, 3], 'FIO|0|0': 'Петров', 'FIO|3|0': '', 'KW|0|0': 'ИИ', 'KW|0|2': '', 'KW|0|4': 'Зрение' },
    });
    const payload = buildPayload(def, state, { includeAttachments: false });
    expect(payload.values.NAME).toEqual([{ value: 'Проект', groupIndex: 0, valueIndex: 0 }]);
    expect(payload.values.D).toEqual([{ value: '01.03.2026', groupIndex: 0, valueIndex: 0 }]);
    expect(payload.values.FIO).toEqual([
      { value: 'Петров', groupIndex: 0, valueIndex: 0 },
      { value: '', groupIndex: 1, valueIndex: 0 },
    ]);
    expect(payload.values.KW).toEqual([
      { value: 'ИИ', groupIndex: 0, valueIndex: 0 },
      { value: 'Зрение', groupIndex: 0, valueIndex: 1 },
    ]);
    expect(payload.project.name).toBe('Проект');
    // Server says: FIO, second group (saved index 1) → the form's instance 3.
    expect(slotOfServerError(def, payload, { field: 'FIO', groupIndex: 1, valueIndex: 0 })).toBe('FIO|3|0');
    expect(slotOfServerError(def, payload, { field: 'KW', groupIndex: 0, valueIndex: 1 })).toBe('KW|0|4');
    expect(slotOfServerError(def, payload, { field: 'unknown' })).toBeNull();
  });

  it('whole-form validation lists errors in display order', () => {
    const state = initialState(def, { draft: { '@group:TEAM': [0, 1], 'FIO|1|0': 'Сидорова', 'D|0|0': '13.2026' } });
    expect(validateAll(def, state)).toEqual([
      { key: 'NAME|0|0', message: 'Заполните поле' },
      { key: 'D|0|0', message: 'Такого месяца нет: 13.2026' },
      { key: 'FIO|0|0', message: 'Заполните поле' },
    ]);
  });

  it('attachments uploaded before the point exists are sent under their code', () => {
    const state = initialState(def, { draft: { '@attach:ATT': [{ id: 11, fileName: 'a.pdf' }] } });
    const payload = buildPayload(def, state, { includeAttachments: true });
    expect(payload.values.ATT).toEqual([{ value: 11, groupIndex: 0, valueIndex: 0 }]);
  });
});

describe('FormStore: per-slot notifications and draft writes', () => {
  const q = questionnaire([field('A', 'MAIN', 'text'), field('B', 'MAIN', 'text'), field('FIO', 'TEAM', 'text')]);
  const def = buildDefinition(q);
  const fakeDraft = () => {
    const calls: [string, string, unknown][] = [];
    const store: DraftStore = {
      load: async () => ({}),
      set: (_h, f, v) => void calls.push(['set', f, v]),
      remove: (_h, f) => void calls.push(['remove', f, undefined]),
      clear: async () => void calls.push(['clear', '', undefined]),
      getState: () => ({ status: 'saved', pending: 0, rejected: [] }),
      subscribe: () => () => undefined,
    };
    return { store, calls };
  };

  it('an edit notifies only the listeners of that slot (one field re-renders per keystroke)', () => {
    const form = new FormStore(initialState(def, {}), null);
    const a = vi.fn();
    const b = vi.fn();
    form.subscribe(slotKey('A', 0, 0), a);
    form.subscribe(slotKey('B', 0, 0), b);
    form.setValue(slotKey('A', 0, 0), 'x');
    form.setValue(slotKey('A', 0, 0), 'x'); // unchanged: no notification
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
  });

  it('coalesces typing into one draft write per field, flushed on demand', () => {
    vi.useFakeTimers();
    const { store, calls } = fakeDraft();
    const form = new FormStore(initialState(def, {}), { store, hash: 'h', attachments: true });
    for (const text of ['П', 'Пе', 'Пет']) form.setValue('A|0|0', text);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(400);
    expect(calls).toEqual([['set', 'A|0|0', 'Пет']]);
    form.setValue('B|0|0', 'y');
    form.flushDraft();
    expect(calls.at(-1)).toEqual(['set', 'B|0|0', 'y']);
    vi.useRealTimers();
  });

  it('removing a group deletes its fields from the draft store (SPEC §2)', () => {
    const { store, calls } = fakeDraft();
    const form = new FormStore(initialState(def, { draft: { '@group:TEAM': [0, 1], 'FIO|1|0': 'Сидорова' } }), { store, hash: 'h', attachments: true });
    form.removeInstance('TEAM', 1, ['FIO']);
    form.flushDraft();
    expect(calls).toContainEqual(['remove', 'FIO|1|0', undefined]);
    expect(calls).toContainEqual(['set', '@group:TEAM', [0]]);
    expect(form.getValue('FIO|1|0')).toBeUndefined();
  });
});
