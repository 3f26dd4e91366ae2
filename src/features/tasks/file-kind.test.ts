import { describe, expect, it } from 'vitest';
import { extensionOf, fileKind } from './file-kind';

describe('file icons by extension', () => {
  it.each([
    ['Отчёт.pdf', 'PDF', 'red'],
    ['Смета.XLSX', 'XLS', 'green'],
    ['реестр.csv', 'XLS', 'green'],
    ['Письмо.docx', 'DOC', 'blue'],
    ['МЧД.xml', 'XML', 'orange'],
    ['Архив.zip', 'ZIP', 'purple'],
    ['Фото.jpeg', 'IMG', 'teal'],
    ['Подпись.sig', 'SIG', 'cyan'],
    ['модель.step', 'STEP', 'gray'],
    ['README', 'FILE', 'gray'],
    ['.hidden', 'FILE', 'gray'],
  ])('%s → %s', (name, label, palette) => {
    expect(fileKind(name)).toEqual({ label, palette });
  });

  it('takes the last extension', () => {
    expect(extensionOf('отчёт.v2.final.pdf')).toBe('pdf');
  });
});
