/** The one ZIP writer and reader of the reference back end (fflate): task packages, XLSX workbooks, uploaded XLSX. */
import { unzipSync, zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Time stamp of the entry, read as UTC (default: a fixed date, so equal input gives equal bytes). */
  date?: Date;
}

const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

/** ZIP stores local date and time; fflate reads them from the Date's local fields, so shift UTC into them. */
const asLocal = (date: Date) => new Date(date.getTime() + date.getTimezoneOffset() * 60_000);

/** A ZIP archive of the entries (deflated, UTF-8 names), in the given order. Names must be unique. */
export function zip(entries: ZipEntry[]): Buffer {
  const files: Zippable = {};
  for (const entry of entries) {
    if (entry.name in files) throw new Error(`duplicate zip entry ${entry.name}`);
    files[entry.name] = [entry.data, { mtime: asLocal(entry.date ?? FIXED_DATE) }];
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}

/** Entries of a ZIP archive (stored or deflated); throws on anything else. */
export function unzip(buffer: Buffer): Map<string, Buffer> {
  const files = unzipSync(buffer);
  return new Map(Object.entries(files).map(([name, data]) => [name, Buffer.from(data)]));
}
