import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zip, type ZipEntry } from '../../lib/zip';
import { safeFileName } from '../../lib/http';
import type { Services } from '../../lib/services';
import type { Json } from '../../lib/spec';
import { storeFile } from '../questionnaire/model';
import { type StoredAttachment, type StoredTask, attachmentsOf, ms } from './model';

// ---------------------------------------------------------------------------------------------------------------
// Attachments of a point (stored by the questionnaire handlers in collection "attachments", bytes in `files`).

export async function pointAttachments(s: Services, pointId: number): Promise<StoredAttachment[]> {
  const list = await attachmentsOf(s).where({ _pointId: pointId, _state: 'stored' });
  return list.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);
}

export const saveFile = storeFile;

export async function readFile(s: Services, id: number): Promise<{ name: string; mime: string; content: Buffer } | null> {
  const row = await s.db.one<{ name: string; mime: string; content: Uint8Array }>('SELECT name, mime, content FROM files WHERE id = $1', [id]);
  return row ? { name: row.name, mime: row.mime, content: Buffer.from(row.content) } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// PDF of the point's data (SPEC §2 "Выгрузка в PDF"; signed as the last step of the signing sequence).

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | null = null;
export const loadFonts = () =>
  (fonts ??= { regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')) });

function moscow(iso: unknown): string {
  const t = ms(iso);
  if (!Number.isFinite(t)) return '—';
  const d = new Date(t + 3 * 3_600_000); // Moscow is UTC+3 all year round.
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}.${p(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

export function displayValue(value: Json): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (typeof value === 'string' && value.startsWith('[')) {
    try {
      const parsed = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.map(String).join(', ');
    } catch {
      /* plain text that starts with "[" */
    }
  }
  return String(value);
}

interface Field {
  code1C: string;
  name: string;
  groupCode?: string | null;
  sort?: number;
}
interface Group {
  code1C: string;
  name: string;
  multiple?: boolean;
}
interface Value {
  fieldCode: string;
  value: Json;
  groupIndex?: number;
  valueIndex?: number;
}

/** Field groups with their values: a plain group is a list of (name, value); a repeatable group is a table. */
export function pointSections(point: StoredTask) {
  const fields = ((point.templateFields ?? []) as Field[]).slice().sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const groups = (point.templateGroups ?? []) as Group[];
  const values = (point.values ?? []) as Value[];
  const valuesOf = (code: string, groupIndex?: number) =>
    values.filter((v) => v.fieldCode === code && (groupIndex === undefined || (v.groupIndex ?? 0) === groupIndex));
  const sections: { title: string; multiple: boolean; fields: Field[]; rows: string[][] }[] = [];
  const ungrouped = fields.filter((f) => !f.groupCode || !groups.some((g) => g.code1C === f.groupCode));
  if (ungrouped.length) {
    sections.push({ title: 'Основные сведения', multiple: false, fields: ungrouped, rows: [ungrouped.map((f) => valuesOf(f.code1C).map((v) => displayValue(v.value)).join('; ') || '—')] });
  }
  for (const group of groups) {
    const own = fields.filter((f) => f.groupCode === group.code1C);
    if (!own.length) continue;
    if (group.multiple) {
      const indexes = [...new Set(values.filter((v) => own.some((f) => f.code1C === v.fieldCode)).map((v) => v.groupIndex ?? 0))].sort((a, b) => a - b);
      const rows = indexes.map((gi) => own.map((f) => valuesOf(f.code1C, gi).map((v) => displayValue(v.value)).join('; ') || '—'));
      sections.push({ title: group.name, multiple: true, fields: own, rows });
    } else {
      sections.push({ title: group.name, multiple: false, fields: own, rows: [own.map((f) => valuesOf(f.code1C).map((v) => displayValue(v.value)).join('; ') || '—')] });
    }
  }
  return sections;
}

/** A real PDF of the point's data, deterministic for the same data (fixed creation date) so its signature holds. */
export function pointPdf(point: StoredTask, attachments: StoredAttachment[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const created = Number.isFinite(ms(point.startDate)) ? new Date(ms(point.startDate)) : new Date(Date.UTC(2026, 0, 1));
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: point.name, Author: 'Личный кабинет грантополучателя', Subject: `Задача ${point.id}`, CreationDate: created, ModDate: created },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const { regular, bold } = loadFonts();
    doc.registerFont('regular', regular);
    doc.registerFont('bold', bold);
    doc.font('bold').fontSize(15).text(point.name, { align: 'center' });
    doc.moveDown(0.5);
    doc.font('regular').fontSize(10);
    const meta: [string, string][] = [
      ['ID задачи', String(point.id)],
      ['Проект', String(point.projectName ?? '—')],
      ['Статус', point.status.name],
      ['Начало (МСК)', moscow(point.startDate)],
      ['Срок (МСК)', moscow(point.deadline)],
    ];
    for (const [k, v] of meta) doc.font('bold').text(`${k}: `, { continued: true }).font('regular').text(v);
    if (point.description) {
      doc.moveDown(0.5);
      doc.font('regular').text(String(point.description));
    }
    for (const section of pointSections(point)) {
      doc.moveDown(0.8);
      doc.font('bold').fontSize(12).text(section.title);
      doc.moveDown(0.3);
      doc.fontSize(10);
      if (!section.multiple) {
        section.fields.forEach((f, i) => {
          doc.font('bold').text(f.name);
          doc.font('regular').text(section.rows[0]?.[i] ?? '—');
          doc.moveDown(0.3);
        });
      } else if (section.rows.length === 0) {
        doc.font('regular').text('Нет данных');
      } else {
        section.rows.forEach((row, r) => {
          doc.font('bold').text(`Запись ${r + 1}`);
          section.fields.forEach((f, i) => doc.font('regular').text(`${f.name}: ${row[i] ?? '—'}`));
          doc.moveDown(0.3);
        });
      }
    }
    if (attachments.length) {
      doc.moveDown(0.8);
      doc.font('bold').fontSize(12).text('Приложенные документы');
      doc.fontSize(10).font('regular');
      for (const a of attachments) doc.text(`• ${a.originalFileName ?? a.fileName}`);
    }
    doc.end();
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Zip package (SPEC §2 "Скачать zip"): the PDF, its signature and the attachments with theirs (server/lib/zip.ts).

/**
 * The package's entries under the one file-name cleaning (no paths, control or bidi characters, device names, 200
 * characters); equal names (case-insensitive, as on Windows) are numbered.
 */
export function zipPackage(entries: ZipEntry[]): Buffer {
  const used = new Set<string>();
  const named = entries.map((entry) => {
    const clean = safeFileName(entry.name);
    let name = clean;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = clean.replace(/(\.[^.]*)?$/, (ext) => ` (${i})${ext ?? ''}`);
    used.add(name.toLowerCase());
    return { ...entry, name, date: entry.date ?? new Date(Date.UTC(2026, 0, 1)) };
  });
  return zip(named);
}

export function pdfFileName(point: StoredTask): string {
  return `Задача ${point.id}.pdf`;
}

export async function pointPackage(s: Services, point: StoredTask): Promise<Buffer> {
  const attachments = await pointAttachments(s, point.id);
  const entries: { name: string; data: Buffer }[] = [];
  entries.push({ name: pdfFileName(point), data: await pointPdf(point, attachments) });
  if (point._pdfSign?.fileId) {
    const sig = await readFile(s, point._pdfSign.fileId);
    if (sig) entries.push({ name: `${pdfFileName(point)}.sig`, data: sig.content });
  }
  for (const a of attachments) {
    if (typeof a.fileId !== 'number') continue;
    const file = await readFile(s, a.fileId);
    if (!file) continue;
    const name = a.originalFileName ?? a.fileName ?? file.name;
    entries.push({ name, data: file.content });
    if (a._signFileId) {
      const sig = await readFile(s, a._signFileId);
      if (sig) entries.push({ name: `${name}.sig`, data: sig.content });
    }
  }
  return zipPackage(entries);
}
