import { describe, expect, it } from 'vitest';
import { acceptFiles, attachmentUploadLimits, checkFile, fieldUploadLimits, SINGLE_FILE_MESSAGE } from './files';

const MB = 1_048_576;

describe('SPEC §5 file field and drop-zone limits', () => {
  it('defaults: 100 MB for a file field, 20 MB for a drop zone', () => {
    expect(fieldUploadLimits('file', null, false).maxSize).toBe(104_857_600);
    expect(fieldUploadLimits('dropFile', null, false).maxSize).toBe(20_971_520);
    expect(attachmentUploadLimits(null).maxSize).toBe(20_971_520);
  });

  const file = fieldUploadLimits('file', 'file:pdf,doc,docx', false);
  const drop = fieldUploadLimits('dropFile', 'file:pdf,docx', false);
  const dropMany = fieldUploadLimits('dropFile', 'file:pdf,pptx|maxSize:10485760', true);
  it.each([
    ['file ok', file, { name: 'Устав.PDF', size: 5 * MB }, 0, null],
    ['file wrong format', file, { name: 'Устав.exe', size: 5 * MB }, 0, 'Формат файла не поддерживается. Допустимые форматы: pdf, doc, docx'],
    ['file too big', file, { name: 'Устав.pdf', size: 101 * MB }, 0, 'Размер файла превышает 100Mb'],
    ['file second file', file, { name: 'Устав2.pdf', size: MB }, 1, SINGLE_FILE_MESSAGE],
    ['drop ok', drop, { name: 'cv.docx', size: MB }, 0, null],
    ['drop wrong format', drop, { name: 'cv.txt', size: MB }, 0, 'Неверный формат файла. Необходимо загрузить файл с расширением pdf, docx'],
    ['drop too big', drop, { name: 'cv.pdf', size: 21 * MB }, 0, 'Максимальный размер файла 20МБ'],
    ['drop single: second file', drop, { name: 'cv2.pdf', size: MB }, 1, 'Данное поле поддерживает загрузку только одного файла'],
    ['drop multiple: second file', dropMany, { name: 'slides.pptx', size: MB }, 3, null],
    ['drop multiple: own max size', dropMany, { name: 'slides.pptx', size: 11 * MB }, 0, 'Максимальный размер файла 10МБ'],
    ['no extension', drop, { name: 'README', size: 1 }, 0, 'Неверный формат файла. Необходимо загрузить файл с расширением pdf, docx'],
  ] as const)('%s', (_name, limits, f, already, expected) => {
    expect(checkFile(f, limits, already)).toBe(expected);
  });

  it('attachments use their file type and are drop zones', () => {
    const limits = attachmentUploadLimits({ maxSize: 5 * MB, extensions: ['pdf'] });
    expect(checkFile({ name: 'a.docx', size: 1 }, limits)).toBe('Неверный формат файла. Необходимо загрузить файл с расширением pdf');
    expect(checkFile({ name: 'a.pdf', size: 6 * MB }, limits)).toBe('Максимальный размер файла 5МБ');
    expect(checkFile({ name: 'a.pdf', size: 5 * MB }, limits)).toBeNull();
  });

  it('several files dropped on a single-file zone: the first is taken, the rest refused', () => {
    const { accepted, refusals } = acceptFiles([{ name: 'a.pdf', size: 1 }, { name: 'b.pdf', size: 1 }], drop, 0);
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(refusals).toEqual([SINGLE_FILE_MESSAGE]);
  });
});
