import { describe, expect, it } from 'vitest';
import { displayFileName, safeFileName } from './file-name';

describe('safeFileName: the one cleaning of file names (server storage, zip, Content-Disposition, screens)', () => {
  it.each([
    ['Счёт\u202Efdp.exe', 'Счётfdp.exe'],
    ['Выписка\u202Efdp.txt', 'Выпискаfdp.txt'],
    ['имя\u0001\u001f\u007f.pdf', 'имя.pdf'],
    ['a\u2066b\u2069c\u200f.txt', 'abc.txt'],
    ['Смета «итог» 😀 №1.pdf', 'Смета «итог» 😀 №1.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['CON.pdf', '_CON.pdf'],
    ['nul', '_nul'],
    ['lpt1.log', '_lpt1.log'],
    ['console.log', 'console.log'],
    ['<img src=x onerror="a">.pdf', '_img src=x onerror=_a__.pdf'],
    ['report.pdf. ', 'report.pdf'],
    ['...', 'file'],
  ])('%j → %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
    expect(displayFileName(name)).toBe(safe);
  });

  it('cuts long names to 200 characters without splitting an emoji and keeps the extension', () => {
    const safe = safeFileName(`${'😀'.repeat(250)}.pdf`);
    expect(Array.from(safe)).toHaveLength(200);
    expect(safe.endsWith('😀.pdf')).toBe(true);
    expect(Array.from(safeFileName(`${'я'.repeat(370)}.docx`))).toHaveLength(200);
  });
});
