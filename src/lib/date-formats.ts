/** SPEC §5: dates are typed as dd.MM.yyyy, MM.yyyy or yyyy (the field's format) and stored as DD.MM.YYYY. */
export type DateFormat = 'dd.MM.yyyy' | 'MM.yyyy' | 'yyyy';

export function dateFormatOf(hint: unknown): DateFormat {
  return hint === 'MM.yyyy' || hint === 'yyyy' ? hint : 'dd.MM.yyyy';
}

/** Stored DD.MM.YYYY → the text in the field's format (a month «03.2025», a year «2024»). */
export function fromStoredDate(stored: string, format: DateFormat): string {
  const m = stored.match(/^(\d{2})\.(\d{2})\.(\d{4})/);
  if (!m) return stored;
  if (format === 'MM.yyyy') return `${m[2]}.${m[3]}`;
  if (format === 'yyyy') return m[3]!;
  return `${m[1]}.${m[2]}.${m[3]}`;
}

/** Stored "DD.MM.YYYY HH:mm:ss" or "DD.MM.YYYY, HH:mm:ss" → "DD.MM.YYYY HH:mm" as people read and type it. */
export function fromStoredDateTime(stored: string): string {
  const m = stored.match(/^(\d{2})\.(\d{2})\.(\d{4}),? (\d{2}):(\d{2})/);
  return m ? `${m[1]}.${m[2]}.${m[3]} ${m[4]}:${m[5]}` : '';
}
