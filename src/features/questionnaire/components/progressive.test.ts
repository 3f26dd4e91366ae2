import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_FIELDS, firstScreenSections } from './progressive';

const sections = (...sizes: number[]) => sizes.map((n) => ({ fields: Array.from({ length: n }) as never[] }));

describe('the groups of the first screen (issue 19)', () => {
  it('renders groups until they hold the first screen’s fields', () => {
    expect(FIRST_SCREEN_FIELDS).toBe(12);
    expect(firstScreenSections(sections(30, 30, 30))).toBe(1);
    expect(firstScreenSections(sections(5, 4, 3, 20))).toBe(3);
    expect(firstScreenSections(sections(5, 4, 2, 20))).toBe(4);
  });

  it('always renders at least one group and never more than there are', () => {
    expect(firstScreenSections(sections(0, 0))).toBe(2);
    expect(firstScreenSections(sections(1))).toBe(1);
    expect(firstScreenSections([])).toBe(0);
  });
});
