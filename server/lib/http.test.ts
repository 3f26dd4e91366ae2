import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './http';

describe('contentDisposition (downloads of names the server was given)', () => {
  it('is the one cleaning of src/lib/file-name.ts', async () => {
    expect(safeFileName).toBe((await import('../../src/lib/file-name')).safeFileName);
  });

  it('gives an ASCII fallback and an RFC 5987 UTF-8 name with no separators or quotes', () => {
    const header = contentDisposition("../O'Brien (копия) 😀.pdf");
    expect(header).toBe(`attachment; filename="O'Brien (_____) __.pdf"; filename*=UTF-8''O%27Brien%20%28%D0%BA%D0%BE%D0%BF%D0%B8%D1%8F%29%20%F0%9F%98%80.pdf`);
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe("O'Brien (копия) 😀.pdf");
  });
});
