import { describe, expect, it } from 'vitest';
import { pluralRu } from './plural';

describe('Russian plural forms', () => {
  it.each([
    [0, 'изменений'],
    [1, 'изменение'],
    [2, 'изменения'],
    [4, 'изменения'],
    [5, 'изменений'],
    [11, 'изменений'],
    [14, 'изменений'],
    [21, 'изменение'],
    [22, 'изменения'],
    [111, 'изменений'],
    [101, 'изменение'],
    [1.5, 'изменения'],
  ])('%s → %s', (count, expected) => {
    expect(pluralRu(count, 'изменение', 'изменения', 'изменений')).toBe(expected);
  });
});
