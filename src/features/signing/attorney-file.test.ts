import { describe, expect, it } from 'vitest';
import { attorneyFileProblem } from './attorney-file';

describe('attorney file (SPEC §5)', () => {
  it.each([
    [null, 'Файл не выбран'],
    [{ name: 'мчд.pdf', size: 100 }, 'Файл должен быть в формате XML'],
    [{ name: 'мчд.xml.exe', size: 100 }, 'Файл должен быть в формате XML'],
    [{ name: 'МЧД.XML', size: 2 * 1024 * 1024 }, null],
    [{ name: 'мчд.xml', size: 2 * 1024 * 1024 + 1 }, 'Максимальный размер файла 2МБ'],
    [{ name: 'мчд.xml', size: 0 }, 'Некорректный файл'],
    [{ name: 'мчд.xml', size: 1500 }, null],
  ])('%o → %s', (file, problem) => {
    expect(attorneyFileProblem(file)).toBe(problem);
  });
});
