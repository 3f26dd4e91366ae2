import { describe, expect, it } from 'vitest';
import { crc32, inflateRawSync } from 'node:zlib';
import { apiStatus } from '../../lib/points';
import { displayValue, pointSections, zipPackage } from './export';
import { unzip } from '../../lib/zip';
import { kindOf, matchesKind, type ListKind, type StoredTask } from './model';

const NOW = Date.UTC(2026, 3, 10, 9, 0);
const iso = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();

function point(code: string, over: Partial<StoredTask> = {}): StoredTask {
  return { id: 1, name: 'Задача', status: apiStatus(code), ownerId: 7, projectId: 1, _templateCode: 'PT-PLAN', archive: false, deadline: iso(48), ...over } as StoredTask;
}

describe('list kinds', () => {
  it.each<[string, Partial<StoredTask>, Exclude<ListKind, 'all'>]>([
    ['NEW', {}, 'active'],
    ['SIGNING_REQUIRED', {}, 'active'],
    ['REVIEW_WITH_SIGNING', {}, 'active'],
    ['IN_PROCESSING', {}, 'closed'],
    ['COMPLETED', {}, 'closed'],
    ['COMPLETED', { deadline: iso(-100) }, 'closed'],
    ['NEW', { deadline: iso(-1) }, 'expired'],
    ['IN_PROCESSING', { deadline: iso(-1) }, 'expired'],
    ['NEW', { deadline: null }, 'active'],
    ['NEW', { archive: true, deadline: iso(-1) }, 'archive'],
  ])('%s %o → %s', (code, over, kind) => {
    expect(kindOf(point(code, over), NOW)).toBe(kind);
  });

  it('"all" is every kind but the archive, so counts add up', () => {
    const points = [point('NEW'), point('COMPLETED'), point('NEW', { deadline: iso(-2) }), point('FILLING', { archive: true })];
    const count = (k: ListKind) => points.filter((p) => matchesKind(p, k, NOW)).length;
    expect(count('all')).toBe(3);
    expect(count('active') + count('closed') + count('expired')).toBe(count('all'));
    expect(count('archive')).toBe(1);
  });
});

describe('zip package', () => {
  it('stores each entry with the CRC-32 of its bytes', () => {
    const data = Buffer.from('123456789');
    const archive = zipPackage([{ name: 'a.txt', data }]);
    expect(archive.readUInt32LE(14)).toBe(crc32(data));
    expect(unzip(archive).get('a.txt')?.equals(data)).toBe(true);
  });

  it('writes entries that inflate back with UTF-8 names', () => {
    const data = Buffer.from('Отчёт '.repeat(200));
    const archive = zipPackage([{ name: 'Отчёт.txt', data }, { name: 'Отчёт.txt', data: Buffer.from('x') }]);
    expect(archive.readUInt32LE(0)).toBe(0x04034b50);
    expect(archive.readUInt16LE(6) & 0x0800).toBe(0x0800);
    const nameLength = archive.readUInt16LE(26);
    expect(archive.subarray(30, 30 + nameLength).toString('utf8')).toBe('Отчёт.txt');
    const compressed = archive.readUInt32LE(18);
    const body = archive.subarray(30 + nameLength, 30 + nameLength + compressed);
    expect(inflateRawSync(body).equals(data)).toBe(true);
    expect(archive.toString('utf8')).toContain('Отчёт (2).txt');
    const end = archive.subarray(archive.length - 22);
    expect(end.readUInt32LE(0)).toBe(0x06054b50);
    expect(end.readUInt16LE(10)).toBe(2);
  });
});

describe('preview sections', () => {
  it('renders plain groups as lists and repeatable groups as rows by groupIndex', () => {
    const sections = pointSections(
      point('NEW', {
        templateGroups: [{ code1C: 'G', name: 'Этапы', multiple: true }, { code1C: 'M', name: 'Итоги' }],
        templateFields: [
          { code1C: 'A', name: 'Этап', groupCode: 'G', sort: 1 },
          { code1C: 'B', name: 'Сумма', groupCode: 'G', sort: 2 },
          { code1C: 'C', name: 'Итого', groupCode: 'M', sort: 3 },
        ],
        values: [
          { fieldCode: 'A', value: 'Первый', groupIndex: 0 },
          { fieldCode: 'A', value: 'Второй', groupIndex: 1 },
          { fieldCode: 'B', value: 10, groupIndex: 1 },
          { fieldCode: 'C', value: true, groupIndex: 0 },
        ],
      }),
    );
    expect(sections.map((s) => s.title)).toEqual(['Этапы', 'Итоги']);
    expect(sections[0]!.rows).toEqual([['Первый', '—'], ['Второй', '10']]);
    expect(sections[1]!.rows).toEqual([['Да']]);
  });

  it('shows checkbox JSON as a list', () => {
    expect(displayValue('["Да","Нет"]')).toBe('Да, Нет');
    expect(displayValue(null)).toBe('—');
  });
});
