import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './http';

describe('safeFileName / contentDisposition (downloads of names the server was given)', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['CON.txt', '_CON.txt'],
    ['nul', '_nul'],
    ['lpt1.log', '_lpt1.log'],
    ['console.log', 'console.log'],
    ['Счёт\u202Efdp.exe', 'Счётfdp.exe'],
    ['имя\u0001\u001f\u007f.pdf', 'имя.pdf'],
    ['<img src=x onerror="a">.pdf', '_img src=x onerror=_a__.pdf'],
    ['report.pdf. ', 'report.pdf'],
    ['...', 'file'],
    ['Смета «итог» 😀 №1.pdf', 'Смета «итог» 😀 №1.pdf'],
  ])('%j → %j', (name, safe) => expect(safeFileName(name)).toBe(safe));

  it('cuts long names to 200 characters without splitting an emoji and keeps the extension', () => {
    const safe = safeFileName(`${'😀'.repeat(250)}.pdf`);
    expect(Array.from(safe)).toHaveLength(200);
    expect(safe.endsWith('😀.pdf')).toBe(true);
  });

  it('gives an ASCII fallback and an RFC 5987 UTF-8 name with no separators or quotes', () => {
    const header = contentDisposition("../O'Brien (копия) 😀.pdf");
    expect(header).toBe(`attachment; filename="O'Brien (_____) __.pdf"; filename*=UTF-8''O%27Brien%20%28%D0%BA%D0%BE%D0%BF%D0%B8%D1%8F%29%20%F0%9F%98%80.pdf`);
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe("O'Brien (копия) 😀.pdf");
  });
});
