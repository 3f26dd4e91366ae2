import { ATTORNEY_MAX_BYTES } from '@/lib/limits';

/** SPEC §5 "Attorney file": must be .xml, at most 2 MB; "Файл не выбран" when nothing is chosen. */
export function attorneyFileProblem(file: { name: string; size: number } | null | undefined): string | null {
  if (!file) return 'Файл не выбран';
  if (!/\.xml$/i.test(file.name)) return 'Файл должен быть в формате XML';
  if (file.size > ATTORNEY_MAX_BYTES) return 'Максимальный размер файла 2МБ';
  if (file.size === 0) return 'Некорректный файл';
  return null;
}
