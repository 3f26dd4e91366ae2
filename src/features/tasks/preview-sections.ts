import { dateFormatOf, fromStoredDate, fromStoredDateTime } from '@/lib/date-formats';
import type { AttachedFile, FieldGroup, PointValue, TemplateField } from './api/types';

/** A shown value: one text, or a list (several values of one field, ticked options). */
export type DisplayValue = string | string[];

export interface PlainSection {
  kind: 'plain';
  code: string;
  title: string;
  description?: string | null;
  items: { code: string; name: string; value: DisplayValue }[];
}
export interface TableSection {
  kind: 'table';
  code: string;
  title: string;
  description?: string | null;
  columns: { code: string; name: string }[];
  rows: DisplayValue[][];
}
export type PreviewSection = PlainSection | TableSection;

/** A value as the preview shows it: checkbox JSON as a list, booleans in words, empty as a dash. */
export function displayValue(value: PointValue['value'] | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (typeof value === 'number') return value.toLocaleString('ru-RU');
  if (value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.length ? parsed.map(String).join(', ') : '—';
    } catch {
      /* plain text that starts with "[" */
    }
  }
  return value;
}

/** SPEC §3: field type 16 is the agreement checkbox. */
const AGREEMENT_TYPE_ID = 16;

const OTHER_OPTION = 'Другое';

/** An option's label by its stored value (or id); a value that is no option (select-other's own text) as it is. */
function optionLabel(field: TemplateField, stored: string): string {
  const option = field.fieldType?.list?.find((o) => (o.value ?? String(o.id)) === stored || String(o.id) === stored);
  return option ? option.name : stored;
}

/**
 * A value in the form the person entered it (issue 17): files by name, agreement «Да»/«Нет», numbers with
 * spacing, dates in their precision («03.2025», «2024»), date-times to the minute, options by their label, ticked
 * options as a list; anything else as `displayValue`.
 */
export function displayFieldValue(field: TemplateField, value: PointValue['value'] | undefined, files: AttachedFile[] = []): DisplayValue {
  const dataType = field.fieldType?.dataType;
  if (value === null || value === undefined || value === '') return '—';
  if (dataType === 'file' || dataType === 'dropFile') {
    const file = files.find((f) => String(f.id) === String(value) || (f.fileId !== null && f.fileId !== undefined && String(f.fileId) === String(value)));
    return file ? file.originalFileName || file.fileName : 'Файл';
  }
  if (dataType === 'agree' || field.fieldType?.id === AGREEMENT_TYPE_ID || (dataType === 'checkbox' && typeof value === 'string' && /^(Y|N)$/.test(value))) {
    if (value === 'Y' || value === true || value === '1' || value === 'true') return 'Да';
    if (value === 'N' || value === false || value === '0' || value === 'false') return 'Нет';
  }
  if (dataType === 'number' && typeof value === 'string' && /^-?\d+([.,]\d+)?$/.test(value)) {
    return Number(value.replace(',', '.')).toLocaleString('ru-RU');
  }
  if (typeof value !== 'string') return displayValue(value);
  if (dataType === 'date') return fromStoredDate(value, dateFormatOf(field.fieldType?.defaultValue));
  if (dataType === 'datetime-local') return fromStoredDateTime(value) || value;
  if (dataType === 'select' || dataType === 'combobox' || dataType === 'radio' || dataType === 'select-other') {
    return value === OTHER_OPTION ? value : optionLabel(field, value);
  }
  if (dataType === 'checkbox') {
    const shown = displayValue(value);
    if (shown === '—' || !value.startsWith('[')) return shown === '—' ? shown : optionLabel(field, value);
    try {
      const ticked = (JSON.parse(value) as unknown[]).map((v) => optionLabel(field, String(v)));
      return ticked.length === 1 ? ticked[0]! : ticked;
    } catch {
      return shown;
    }
  }
  return displayValue(value);
}

/** Several shown values of one field: a list when more than one remains, a dash when none. */
function joinValues(values: DisplayValue[]): DisplayValue {
  const flat = values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== '—');
  if (flat.length === 0) return '—';
  return flat.length === 1 ? flat[0]! : flat;
}

const HIDDEN_TYPES = ['hidden', 'group', 'actionButton', 'rules'];

/**
 * SPEC §2 "Task preview": field groups (repeatable groups are tables, empty → "Нет данных"). Fields without a known
 * group come first as "Основные сведения". Values of one field in one group row are joined (multi-value fields).
 */
export function previewSections(groups: FieldGroup[] = [], fields: TemplateField[] = [], values: PointValue[] = [], files: AttachedFile[] = []): PreviewSection[] {
  const shown = fields.filter((f) => !HIDDEN_TYPES.includes(f.fieldType?.dataType ?? '')).sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const known = new Set(groups.map((g) => g.code1C));
  const byCode = new Map(shown.map((f) => [f.code1C, f]));
  const valuesOf = (code: string, groupIndex?: number) =>
    values
      .filter((v) => v.fieldCode === code && (groupIndex === undefined || (v.groupIndex ?? 0) === groupIndex))
      .sort((a, b) => (a.valueIndex ?? 0) - (b.valueIndex ?? 0))
      .map((v) => displayFieldValue(byCode.get(code)!, v.value, files));
  const valueOf = (code: string, groupIndex?: number) => joinValues(valuesOf(code, groupIndex));
  const sections: PreviewSection[] = [];
  const loose = shown.filter((f) => !f.groupCode || !known.has(f.groupCode));
  if (loose.length) sections.push({ kind: 'plain', code: '__main', title: 'Основные сведения', items: loose.map((f) => ({ code: f.code1C, name: f.name, value: valueOf(f.code1C) })) });
  for (const group of groups) {
    const own = shown.filter((f) => f.groupCode === group.code1C);
    if (!own.length) continue;
    if (group.multiple) {
      const codes = new Set(own.map((f) => f.code1C));
      const indexes = [...new Set(values.filter((v) => codes.has(v.fieldCode)).map((v) => v.groupIndex ?? 0))].sort((a, b) => a - b);
      sections.push({
        kind: 'table',
        code: group.code1C,
        title: group.name,
        description: group.description,
        columns: own.map((f) => ({ code: f.code1C, name: f.name })),
        rows: indexes.map((gi) => own.map((f) => valueOf(f.code1C, gi))),
      });
    } else {
      sections.push({ kind: 'plain', code: group.code1C, title: group.name, description: group.description, items: own.map((f) => ({ code: f.code1C, name: f.name, value: valueOf(f.code1C) })) });
    }
  }
  return sections;
}
