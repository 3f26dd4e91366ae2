import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
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
// Zip package (SPEC §2 "Скачать zip"): a minimal PKZIP writer (deflate via node:zlib, UTF-8 names, CRC-32).

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function zip(entries: { name: string; data: Buffer; date?: Date }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const used = new Set<string>();
  for (const entry of entries) {
    // Entry names get the one file-name cleaning (no paths, control or bidi characters, device names, 200 characters);
    // equal names (case-insensitive, as on Windows) are numbered.
    const clean = safeFileName(entry.name);
    let name = clean;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = clean.replace(/(\.[^.]*)?$/, (ext) => ` (${i})${ext ?? ''}`);
    used.add(name.toLowerCase());
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = deflateRawSync(entry.data);
    const useDeflate = deflated.length < entry.data.length;
    const body = useDeflate ? deflated : entry.data;
    const crc = crc32(entry.data);
    const d = entry.date ?? new Date(Date.UTC(2026, 0, 1));
    const dosTime = (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2);
    const dosDate = ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate();
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(useDeflate ? 8 : 0, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(useDeflate ? 8 : 0, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
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
  return zip(entries);
}
