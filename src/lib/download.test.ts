// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileNameFromDisposition, saveBlob } from './download';

describe('download file names (Content-Disposition, RFC 6266)', () => {
  it.each([
    [`attachment; filename="_____ 9.zip"; filename*=UTF-8''${encodeURIComponent('Документы задачи 9.zip')}`, 'Документы задачи 9.zip'],
    ['attachment; filename="report.pdf"', 'report.pdf'],
    ["attachment; filename*=UTF-8''%E0%A4%A", null],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromDisposition(header)).toBe(expected);
  });
});

describe('saving a blob', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clicks a temporary link with the cleaned name and leaves nothing in the page', () => {
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    saveBlob(new Blob(['x']), 'Счёт\u202Efdp.exe');
    expect(clicked).toEqual([{ download: 'Счётfdp.exe', href: 'blob:x' }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });
});
