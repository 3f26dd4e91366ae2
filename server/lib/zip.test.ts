import { describe, expect, it } from 'vitest';
import { unzip, zip } from './zip';

describe('zip', () => {
  it('round-trips entries with unicode names', () => {
    const archive = zip([
      { name: 'a.txt', data: Buffer.from('привет') },
      { name: 'папка/b.bin', data: Buffer.alloc(5000, 7) },
    ]);
    const files = unzip(archive);
    expect(files.get('a.txt')?.toString('utf8')).toBe('привет');
    expect(files.get('папка/b.bin')?.length).toBe(5000);
  });
  it('rejects bytes that are not a zip', () => {
    expect(() => unzip(Buffer.from('not a zip at all, definitely not'))).toThrow();
  });
});

describe('zip determinism', () => {
  it('gives equal bytes for equal input (fixed time stamps)', () => {
    const entries = [{ name: 'x.xml', data: Buffer.from('<x/>') }];
    expect(zip(entries).equals(zip(entries))).toBe(true);
  });
  it('keeps the entry date (UTC) whatever the time zone', () => {
    const archive = zip([{ name: 'a', data: Buffer.from('a'), date: new Date(Date.UTC(2026, 4, 17, 13, 42, 10)) }]);
    const time = archive.readUInt16LE(10);
    const date = archive.readUInt16LE(12);
    expect([time >> 11, (time >> 5) & 63, (time & 31) * 2]).toEqual([13, 42, 10]);
    expect([(date >> 9) + 1980, (date >> 5) & 15, date & 31]).toEqual([2026, 5, 17]);
  });
});
