import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Small PDF documents of the reference back end (grant balance, ticket blanks, project passports): a title,
 * key–value blocks and simple tables, in DejaVu Sans so Cyrillic renders.
 */
const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = path.join(FONT_DIR, 'DejaVuSans.ttf');
const BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'pairs'; pairs: [string, string][] }
  | { kind: 'table'; columns: string[]; rows: string[][]; widths?: number[] };

export interface PdfDocumentSpec {
  title: string;
  subtitle?: string;
  blocks: PdfBlock[];
  /** Fixed creation date so the same data gives the same bytes. */
  createdAt: Date;
}

export function renderPdf(spec: PdfDocumentSpec): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: spec.title, Producer: 'Грантовый портал', CreationDate: spec.createdAt } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', REGULAR);
    doc.registerFont('bold', BOLD);
    const width = doc.page.width - 100;

    doc.font('bold').fontSize(16).text(spec.title, { width });
    if (spec.subtitle) doc.moveDown(0.3).font('regular').fontSize(10).fillColor('#555555').text(spec.subtitle, { width }).fillColor('#000000');
    doc.moveDown();
    for (const block of spec.blocks) {
      if (block.kind === 'heading') doc.moveDown(0.5).font('bold').fontSize(12).text(block.text, { width }).moveDown(0.3);
      else if (block.kind === 'paragraph') doc.font('regular').fontSize(10).text(block.text, { width }).moveDown(0.3);
      else if (block.kind === 'pairs') {
        for (const [key, value] of block.pairs) {
          doc.font('bold').fontSize(10).text(`${key}: `, { continued: true, width }).font('regular').text(value || '—');
        }
        doc.moveDown(0.3);
      } else {
        const widths = block.widths ?? block.columns.map(() => width / block.columns.length);
        const drawRow = (cells: string[], bold: boolean) => {
          const top = doc.y;
          if (top > doc.page.height - 80) doc.addPage();
          const y = doc.y;
          let x = 50;
          let bottom = y;
          cells.forEach((cell, i) => {
            doc.font(bold ? 'bold' : 'regular').fontSize(9).text(cell, x + 2, y + 2, { width: widths[i]! - 4 });
            bottom = Math.max(bottom, doc.y);
            x += widths[i]!;
          });
          doc.moveTo(50, bottom + 2).lineTo(50 + widths.reduce((a, b) => a + b, 0), bottom + 2).strokeColor('#cccccc').stroke();
          doc.x = 50;
          doc.y = bottom + 4;
        };
        drawRow(block.columns, true);
        for (const row of block.rows) drawRow(row, false);
        doc.moveDown(0.5);
      }
    }
    doc.end();
  });
}

export const rub = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '—'
    : `${value.toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).replace(/\u00a0/g, ' ')} ₽`;
