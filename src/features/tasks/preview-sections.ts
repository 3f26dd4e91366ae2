import type { AttachedFile, FieldGroup, PointValue, TemplateField } from './api/types';

export interface PlainSection {
  kind: 'plain';
  code: string;
  title: string;
  description?: string | null;
  items: { code: string; name: string; value: string }[];
}
export interface TableSection {
  kind: 'table';
  code: string;
  title: string;
  description?: string | null;
  columns: { code: string; name: string }[];
  rows: string[][];
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

/**
 * A value in the form the person entered it (issue 17): files by name, agreement «Да»/«Нет», numbers with
 * spacing; anything else as `displayValue`.
 */
export function displayFieldValue(field: TemplateField, value: PointValue['value'] | undefined, files: AttachedFile[] = []): string {
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
  return displayValue(value);
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
  const valueOf = (code: string, groupIndex?: number) =>
    values
      .filter((v) => v.fieldCode === code && (groupIndex === undefined || (v.groupIndex ?? 0) === groupIndex))
      .sort((a, b) => (a.valueIndex ?? 0) - (b.valueIndex ?? 0))
      .map((v) => displayFieldValue(byCode.get(code)!, v.value, files))
      .filter((v) => v !== '—')
      .join('; ') || '—';
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
