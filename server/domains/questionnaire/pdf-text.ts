/** Pages read from one document: an extract is one or two; a long scan is not read to its end. */
const MAX_PAGES = 20;

/** Is the file a PDF (its signature, whatever its name says)? */
export const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';

/**
 * The text layer of a PDF, a line per line of the page (pdf.js through unpdf's serverless build: pure JavaScript, no
 * worker, no canvas). Null when the document has no text (a scan) or cannot be read.
 */
export async function pdfText(data: Buffer): Promise<string | null> {
  // Loaded with the first PDF to read, not with the server (pdf.js is ~2 MB of JavaScript).
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>> | null = null;
  try {
    // A copy: pdf.js may take over the bytes it is given.
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
    const lines: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES); n++) {
      const page = await pdf.getPage(n);
      let line = '';
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      page.cleanup();
    }
    const text = lines.join('\n').trim();
    return text === '' ? null : text;
  } catch {
    return null;
  } finally {
    await pdf?.destroy();
  }
}

/**
 * A page lays a long «Название: значение» out over several lines: a line that does not begin with a label of its own
 * continues the one before it.
 */
export function joinWrappedLines(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    if (lines.length && !/^[^:：]{1,40}[:：]/.test(trimmed)) lines[lines.length - 1] += ` ${trimmed}`;
    else lines.push(trimmed);
  }
  return lines.join('\n');
}
