import PDFDocument from 'pdfkit';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const loadFonts = () => (fonts ??= { regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')) });

/** A small real PDF with a title and paragraphs (demo competition materials and example files). */
export function simplePdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: lines[0] ?? 'Документ' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const { regular, bold } = loadFonts();
    const [title, ...rest] = lines;
    doc.font(bold).fontSize(16).text(title ?? '', { align: 'center' });
    doc.moveDown();
    doc.font(regular).fontSize(11);
    for (const line of rest) doc.text(line).moveDown(0.5);
    doc.end();
  });
}
