import { DROP_ZONE_MAX_BYTES, FILE_FIELD_MAX_BYTES } from '@/lib/limits';
import { parseRules } from './validators';

/** SPEC §5 "File field" and "Drop file": what may be uploaded where, with the exact Russian messages. */
export type UploadKind = 'file' | 'dropFile';

export interface UploadLimits {
  kind: UploadKind;
  /** Allowed extensions without the dot, lower case; null = any. */
  extensions: string[] | null;
  maxSize: number;
  /** A single-file field refuses a second file. */
  single: boolean;
}

export const SINGLE_FILE_MESSAGE = 'Данное поле поддерживает загрузку только одного файла';

export const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** Bytes → megabytes as shown in messages (100, 20, 2.5). */
export const megabytes = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

/** Limits of a file or dropFile field from its rules (`file:pdf,docx`, `maxSize:bytes`); defaults 100 MB / 20 MB. */
export function fieldUploadLimits(dataType: 'file' | 'dropFile', validator: string | null | undefined, multiple: boolean): UploadLimits {
  let extensions: string[] | null = null;
  let maxSize: number | null = null;
  for (const rule of parseRules(validator)) {
    if (rule.name === 'file' && rule.arg) extensions = rule.arg.split(',').map((e) => e.trim().replace(/^\./, '').toLowerCase()).filter(Boolean);
    if (rule.name === 'maxSize' && rule.arg) maxSize = Number(rule.arg) || null;
  }
  return {
    kind: dataType,
    extensions,
    maxSize: maxSize ?? (dataType === 'dropFile' ? DROP_ZONE_MAX_BYTES : FILE_FIELD_MAX_BYTES),
    single: !multiple,
  };
}

/** An attachment slot is a drop zone: its file type gives extensions and size (default 20 MB). */
export function attachmentUploadLimits(fileType: { maxSize?: number | null; extensions?: string[] | null } | null | undefined): UploadLimits {
  return {
    kind: 'dropFile',
    extensions: fileType?.extensions?.length ? fileType.extensions.map((e) => e.replace(/^\./, '').toLowerCase()) : null,
    maxSize: fileType?.maxSize ?? DROP_ZONE_MAX_BYTES,
    single: false,
  };
}

/** The refusal message for a chosen file, or null when it may be uploaded. */
export function checkFile(file: { name: string; size: number }, limits: UploadLimits, alreadyHas = 0): string | null {
  if (limits.single && alreadyHas > 0) return SINGLE_FILE_MESSAGE;
  const ext = extensionOf(file.name);
  if (limits.extensions && !limits.extensions.includes(ext)) {
    // SPEC §5 spells the drop-zone text «Небходимо» (a typo): people read it spelt correctly.
    return limits.kind === 'file'
      ? `Формат файла не поддерживается. Допустимые форматы: ${limits.extensions.join(', ')}`
      : `Неверный формат файла. Необходимо загрузить файл с расширением ${limits.extensions.join(', ')}`;
  }
  if (file.size > limits.maxSize) {
    return limits.kind === 'file' ? `Размер файла превышает ${megabytes(limits.maxSize)}Mb` : `Максимальный размер файла ${megabytes(limits.maxSize)}МБ`;
  }
  return null;
}

/** Several files dropped at once on a single-file zone: only the first is taken, the rest are refused. */
export function acceptFiles<T extends { name: string; size: number }>(files: T[], limits: UploadLimits, alreadyHas: number): { accepted: T[]; refusals: string[] } {
  const accepted: T[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    const message = checkFile(file, limits, alreadyHas + accepted.length);
    if (message) refusals.push(message);
    else accepted.push(file);
  }
  return { accepted, refusals };
}

/** The accept attribute of the file input (".pdf,.docx"). */
export const acceptAttribute = (limits: UploadLimits) => (limits.extensions ? limits.extensions.map((e) => `.${e}`).join(',') : undefined);
