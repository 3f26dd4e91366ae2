import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@/lib/roles';
import { EXCLUSIVE_ROLE_KINDS, toggleGroupSelection } from './group-selection';

describe('exclusive role kinds (SPEC §5 "Group assignment")', () => {
  it('are the administrator (2) and the contest administrator (3)', () => {
    expect(EXCLUSIVE_ROLE_KINDS).toEqual([[2], [3]]);
  });

  it.each<[string, number[], number, boolean, number[]]>([
    ['adds an ordinary role', [8], 7, true, [7, 8]],
    ['adds to an empty selection', [], 5, true, [5]],
    ['an exclusive role drops all others', [1, 5, 8], 2, true, [2]],
    ['the other exclusive role drops the first one', [2], 3, true, [3]],
    ['another role deselects the administrator', [2], 8, true, [8]],
    ['another role deselects the contest administrator', [3], 1, true, [1]],
    ['unticking removes only that role', [1, 5, 8], 5, false, [1, 8]],
    ['unticking the exclusive role leaves nothing', [2], 2, false, []],
    ['ticking twice keeps one entry', [7], 7, true, [7]],
    ['keeps the selection sorted', [10, 4], 1, true, [1, 4, 10]],
  ])('%s', (_name, selected, id, checked, expected) => {
    expect(toggleGroupSelection(selected, id, checked)).toEqual(expected);
  });

  it('never leaves an exclusive role together with another one, for any single click', () => {
    const exclusive = EXCLUSIVE_ROLE_KINDS.flat() as number[];
    const selections: number[][] = [[], [2], [3], [1, 8], [4, 5, 7, 10]];
    for (const selected of selections) {
      for (const id of ROLE_IDS) {
        const next = toggleGroupSelection(selected, id, true);
        const exclusives = next.filter((g) => exclusive.includes(g));
        if (exclusives.length) expect(next).toEqual(exclusives);
        expect(next).toContain(id);
      }
    }
  });
});
