import type { components } from '@/lib/api/generated/main';
import { fromStoredDate, fromStoredDateTime, dateFormatOf, toStoredDate, toStoredDateTime } from '../rules/dates';
import { MESSAGES, checkRule, dateMessage, dateTimeMessage, isEmptyValue } from '../rules/validators';
import { isDecorative, isFileField, type AttachedFile, type FieldDef, type FormDefinition, type SectionDef } from './definition';

/**
 * The form's values live in "slots": one per (field code, group instance, value index). The slot key is also the
 * field key in the draft store (SPEC §2: data is auto-saved per field as a draft), so a removed group deletes
 * exactly its slots. Two structural keys sit beside them in the draft: "@group:{section}" (the instances of a
 * repeatable group) and "@attach:{code}" (files of an attachment uploaded before the point exists).
 */
export type PointValue = components['schemas']['PointValue'];
export type ValueSaveItem = components['schemas']['ValueSaveItem'];

export interface FileRef {
  id: number;
  fileName: string;
  isApproved?: boolean;
  managerComment?: string | null;
}

export const slotKey = (code: string, groupIndex: number, valueIndex: number) => `${code}|${groupIndex}|${valueIndex}`;
export const indexKey = (code: string, groupIndex: number) => `${code}|${groupIndex}`;
export const groupKey = (section: string) => `@group:${section}`;
export const attachKey = (code: string) => `@attach:${code}`;

export function parseSlotKey(key: string): { code: string; groupIndex: number; valueIndex: number } | null {
  const m = key.match(/^(.+)\|(\d+)\|(\d+)$/);
  return m ? { code: m[1]!, groupIndex: Number(m[2]), valueIndex: Number(m[3]) } : null;
}

export interface FormState {
  values: Map<string, unknown>;
  /** Section code → instance indexes (a non-repeatable section has [0]). */
  groups: Map<string, number[]>;
  /** indexKey(code, groupIndex) → value indexes of a multi-value or file field. */
  valueIndexes: Map<string, number[]>;
  /** Attachment code → uploaded files. */
  attachments: Map<string, AttachedFile[]>;
}

const isFileRef = (value: unknown): value is FileRef =>
  !!value && typeof value === 'object' && typeof (value as FileRef).id === 'number' && typeof (value as FileRef).fileName === 'string';

const sectionOf = (def: FormDefinition, code: string): SectionDef | undefined =>
  def.sections.find((s) => s.fields.some((f) => f.code === code));

/** A stored (server) value → what the slot holds (dates are shown in the field's format, files as references). */
export function toSlotValue(field: FieldDef, value: unknown, files: Map<number, AttachedFile>): unknown {
  if (isFileField(field)) {
    if (isFileRef(value)) return value;
    const id = Number(value);
    if (!Number.isInteger(id) || id <= 0) return null;
    const file = files.get(id);
    return { id, fileName: file?.fileName ?? `Файл № ${id}`, isApproved: file?.isApproved ?? false, managerComment: file?.managerComment ?? null } satisfies FileRef;
  }
  if (value === null || value === undefined) return '';
  if (field.dataType === 'date') return fromStoredDate(String(value), dateFormatOf(field.formatHint));
  if (field.dataType === 'datetime-local') return fromStoredDateTime(String(value)) || String(value);
  return String(value);
}

/**
 * Initial state: defaults, then the point's saved values, then the draft (unsaved edits win), SPEC §2 and
 * DESIGN.md "Opening a questionnaire merges the server stash with the local mirror".
 */
export function initialState(
  def: FormDefinition,
  sources: { pointValues?: PointValue[]; attachedFiles?: AttachedFile[]; draft?: Record<string, unknown> },
): FormState {
  const state: FormState = { values: new Map(), groups: new Map(), valueIndexes: new Map(), attachments: new Map() };
  const files = new Map((sources.attachedFiles ?? []).map((f) => [f.id, f]));
  const addIndex = (map: Map<string, number[]>, key: string, index: number) => {
    const list = map.get(key) ?? [];
    if (!list.includes(index)) map.set(key, [...list, index].sort((a, b) => a - b));
  };
  for (const section of def.sections) state.groups.set(section.code, [0]);

  for (const section of def.sections) {
    for (const field of section.fields) {
      if (field.defaultValue !== null && !isFileField(field) && field.dataType !== 'rules') {
        state.values.set(slotKey(field.code, 0, 0), toSlotValue(field, field.defaultValue, files));
      }
    }
  }

  const place = (field: FieldDef, groupIndex: number, valueIndex: number, value: unknown) => {
    const section = sectionOf(def, field.code);
    if (section) addIndex(state.groups, section.code, groupIndex);
    if (field.multiValue || isFileField(field)) addIndex(state.valueIndexes, indexKey(field.code, groupIndex), valueIndex);
    state.values.set(slotKey(field.code, groupIndex, valueIndex), value);
  };

  for (const v of sources.pointValues ?? []) {
    const field = def.fields.get(v.fieldCode);
    if (!field || field.synthetic) continue;
    const value = toSlotValue(field, v.value, files);
    if (value === null) continue;
    place(field, v.groupIndex ?? 0, v.valueIndex ?? 0, value);
  }
  // Files of attachment slots (point mode: from the server list).
  for (const file of sources.attachedFiles ?? []) {
    if (file.attachCode && def.attachments.some((a) => a.code1C === file.attachCode)) {
      state.attachments.set(file.attachCode, [...(state.attachments.get(file.attachCode) ?? []), file]);
    }
  }

  for (const [key, value] of Object.entries(sources.draft ?? {})) {
    if (key.startsWith('@group:')) {
      const list = Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n) && n >= 0) : [];
      if (list.length) state.groups.set(key.slice(7), [...new Set(list)].sort((a, b) => a - b));
      continue;
    }
    if (key.startsWith('@attach:')) {
      if (Array.isArray(value)) state.attachments.set(key.slice(8), value as AttachedFile[]);
      continue;
    }
    const slot = parseSlotKey(key);
    const field = slot && def.fields.get(slot.code);
    if (!slot || !field) continue;
    if (isFileField(field) && value !== null && !isFileRef(value)) continue;
    // A null marks a value the user removed (a multi-value entry or a file): it stays removed after a reload.
    if (value === null) {
      state.values.delete(key);
      const list = state.valueIndexes.get(indexKey(slot.code, slot.groupIndex))?.filter((i) => i !== slot.valueIndex);
      if (list) state.valueIndexes.set(indexKey(slot.code, slot.groupIndex), list);
      continue;
    }
    // A draft written before the date-time mask holds the stored form ("DD.MM.YYYY HH:mm:ss"): shown as typed.
    const typed = field.dataType === 'datetime-local' && typeof value === 'string' && /\d{2}:\d{2}:\d{2}$/.test(value) ? fromStoredDateTime(value) || value : value;
    place(field, slot.groupIndex, slot.valueIndex, typed);
  }

  // Every multi-value field shows at least one input.
  for (const section of def.sections) {
    for (const g of state.groups.get(section.code) ?? [0]) {
      for (const field of section.fields) {
        if (field.multiValue && !(state.valueIndexes.get(indexKey(field.code, g))?.length)) state.valueIndexes.set(indexKey(field.code, g), [0]);
      }
    }
  }
  return state;
}

/** A datetime-local field with the format hint "time" stores "DD.MM.YYYY, HH:mm:ss" (SPEC §5). */
export const dateTimeVariant = (field: FieldDef): 'datetime' | 'time' => (field.formatHint === 'time' ? 'time' : 'datetime');

/** The value a slot is saved as (SPEC §3 value save item; checkbox JSON is already a string). */
function savedValue(field: FieldDef, value: unknown): string | number | null {
  if (isFileField(field)) return isFileRef(value) ? value.id : null;
  const text = value === null || value === undefined ? '' : String(value);
  if (field.dataType === 'date') return text === '' ? '' : toStoredDate(text, dateFormatOf(field.formatHint)) ?? text;
  if (field.dataType === 'datetime-local') return text === '' ? '' : toStoredDateTime(text, dateTimeVariant(field)) ?? text;
  return text;
}

export interface SavePayload {
  values: ValueSaveItem;
  project: { name: string; description: string };
  /** Saved group index → instance index of the form, per section (to map server errors back). */
  groupMap: Map<string, number[]>;
  /** indexKey(code, instance) → value indexes in saved order. */
  valueMap: Map<string, number[]>;
}

/**
 * The values to send: group instances and value indexes renumbered 0..n-1 (removed groups leave gaps in the form),
 * empty extra values of multi-value fields dropped, attachments included when asked (a new application links the
 * files uploaded before its point existed).
 */
export function buildPayload(def: FormDefinition, state: FormState, options: { includeAttachments: boolean }): SavePayload {
  const values: ValueSaveItem = {};
  const groupMap = new Map<string, number[]>();
  const valueMap = new Map<string, number[]>();
  let projectName = '';
  let projectDescription = '';
  for (const section of def.sections) {
    const instances = state.groups.get(section.code) ?? [0];
    groupMap.set(section.code, instances);
    instances.forEach((instance, groupIndex) => {
      for (const field of section.fields) {
        if (isDecorative(field)) continue;
        const indexes = field.multiValue || isFileField(field) ? state.valueIndexes.get(indexKey(field.code, instance)) ?? [] : [0];
        const entries: { value: string | number | null; groupIndex: number; valueIndex: number }[] = [];
        const used: number[] = [];
        for (const index of indexes) {
          const value = savedValue(field, state.values.get(slotKey(field.code, instance, index)));
          if (value === null) continue;
          if (field.multiValue && value === '' && indexes.length > 1) continue;
          used.push(index);
          entries.push({ value, groupIndex, valueIndex: entries.length });
        }
        valueMap.set(indexKey(field.code, instance), used);
        if (field.paramName === 'projectName' && groupIndex === 0) projectName = String(entries[0]?.value ?? '').trim();
        if (field.paramName === 'projectDescription' && groupIndex === 0) projectDescription = String(entries[0]?.value ?? '').trim();
        if (field.synthetic || entries.length === 0) continue;
        (values[field.code] ??= []).push(...entries);
      }
    });
  }
  if (options.includeAttachments) {
    for (const [code, files] of state.attachments) {
      if (files.length) values[code] = files.map((f, i) => ({ value: f.id, groupIndex: 0, valueIndex: i }));
    }
  }
  return { values, project: { name: projectName, description: projectDescription }, groupMap, valueMap };
}

/** A server field error (field, groupIndex, valueIndex of the saved payload) → the form's slot key. */
export function slotOfServerError(def: FormDefinition, payload: SavePayload, error: { field?: string; groupIndex?: number; valueIndex?: number }): string | null {
  if (!error.field) return null;
  const field = def.fields.get(error.field);
  if (!field) return null;
  const section = sectionOf(def, field.code);
  const instances = section ? payload.groupMap.get(section.code) ?? [0] : [0];
  const instance = instances[error.groupIndex ?? 0] ?? error.groupIndex ?? 0;
  const used = payload.valueMap.get(indexKey(field.code, instance));
  const valueIndex = field.multiValue || isFileField(field) ? used?.[error.valueIndex ?? 0] ?? error.valueIndex ?? 0 : 0;
  return slotKey(field.code, instance, valueIndex);
}

/** SPEC §5: the client rules of one slot (required when flagged, then the field type's named rules). */
export function validateSlot(field: FieldDef, value: unknown, position: number): string | null {
  if (field.readOnly || isDecorative(field) || field.dataType === 'hidden') return null;
  const requiredHere = field.required && (!field.multiValue || position === 0);
  if (isFileField(field)) return requiredHere && !isFileRef(value) ? MESSAGES.required : null;
  if (requiredHere && isEmptyValue(field.dataType, value)) return MESSAGES.required;
  const text = value === null || value === undefined ? '' : String(value);
  if (text === '') return null;
  if (field.dataType === 'date') {
    const message = dateMessage(text, dateFormatOf(field.formatHint));
    if (message) return message;
  }
  if (field.dataType === 'datetime-local') {
    const message = dateTimeMessage(text);
    if (message) return message;
  }
  if (field.dataType === 'number' && !/^\d+$/.test(text)) return MESSAGES.number;
  if (field.dataType === 'email' && !field.rules.some((r) => r.name === 'email')) {
    const message = checkRule({ name: 'email' }, text);
    if (message) return message;
  }
  for (const rule of field.rules) {
    const message = checkRule(rule, text);
    if (message) return message;
  }
  return null;
}

/** Every slot of the form in the order it is shown, with its error (whole-form validation before submit). */
export function validateAll(def: FormDefinition, state: FormState): { key: string; message: string }[] {
  const errors: { key: string; message: string }[] = [];
  for (const section of def.sections) {
    for (const instance of state.groups.get(section.code) ?? [0]) {
      for (const field of section.fields) {
        if (isFileField(field)) {
          const indexes = state.valueIndexes.get(indexKey(field.code, instance)) ?? [];
          const first = indexes.map((i) => state.values.get(slotKey(field.code, instance, i))).find(isFileRef);
          const message = validateSlot(field, first ?? null, 0);
          if (message) errors.push({ key: slotKey(field.code, instance, 0), message });
          continue;
        }
        const indexes = field.multiValue ? state.valueIndexes.get(indexKey(field.code, instance)) ?? [0] : [0];
        const anyFilled = indexes.some((i) => !isEmptyValue(field.dataType, state.values.get(slotKey(field.code, instance, i))));
        indexes.forEach((index, position) => {
          const key = slotKey(field.code, instance, index);
          const message = validateSlot(field, state.values.get(key), anyFilled ? -1 : position);
          if (message) errors.push({ key, message });
        });
      }
    }
  }
  return errors;
}
