import { afterEach, describe, expect, it } from 'vitest';
import type { SystemStyleObject } from '@chakra-ui/react';
import { badgeRecipe, tableSlotRecipe } from '@chakra-ui/react/theme';
import { getSystem } from './theme';
import { hotStyles, proveHotStyles, recipeCopies } from './hot-styles';

// Issue 51: the copies of Chakra's recipes in hot-styles.ts are proved equal to the recipes in the app's system (also at
// build time, through resolveHotStyles); a change on either side fails, naming the package, the recipe and what changed.

const undo: (() => void)[] = [];
afterEach(() => undo.splice(0).reverse().forEach((step) => step()));

/** Sets `object[key]` to `value` for this test. */
function change<T extends object>(object: T, key: string, value: unknown) {
  const record = object as Record<string, unknown>;
  const had = Object.prototype.hasOwnProperty.call(record, key);
  const before = record[key];
  if (value === undefined) delete record[key];
  else record[key] = value;
  undo.push(() => (had ? (record[key] = before) : delete record[key]));
}

const failure = () => {
  try {
    proveHotStyles(getSystem());
  } catch (error) {
    return (error as Error).message;
  }
  return '';
};

describe('hot-styles: the copies of Chakra recipes equal what the recipes resolve to in the app system', () => {
  it('holds for every copy under the installed Chakra', () => {
    expect(failure()).toBe('');
  });

  it('fails when a copy differs by one declaration', () => {
    change(hotStyles['.cab-chip']!, 'px', '2');
    expect(failure()).toMatch(
      /^hot-styles: @chakra-ui\/react \d+\.\d+\.\d+ Badge recipe \(variant "subtle", size "sm", colorPalette "gray"\) changed: \.cab-chip padding-inline was var\(--chakra-spacing-2\) now var\(--chakra-spacing-1\\\.5\); update src\/app\/hot-styles\.ts/,
    );
  });

  it('fails when a part of a slot recipe’s copy differs', () => {
    change(hotStyles['.cab-table']!['& th'] as object, 'fontWeight', 'semibold');
    expect(failure()).toMatch(/Table recipe \(size "sm", variant "line"\) changed: \.cab-table th font-weight was var\(--chakra-font-weights-semibold\) now var\(--chakra-font-weights-medium\)/);
  });

  it('fails when the recipe changes (a declaration added, a value changed)', () => {
    change(badgeRecipe.base as object, 'letterSpacing', 'wide');
    expect(failure()).toMatch(/Badge recipe \(variant "subtle", size "sm", colorPalette "gray"\) changed: \.cab-chip letter-spacing was \(not set\) now var\(--chakra-letter-spacings-wide\)/);
    undo.splice(0).forEach((step) => step());
    const outline = (badgeRecipe.variants as Record<string, Record<string, SystemStyleObject>>).variant!.outline!;
    change(outline, '--outline-shadow', 'colors.colorPalette.emphasized');
    expect(failure()).toMatch(/Badge recipe \(variant "outline", size "sm", colorPalette "red"\) changed: \.cab-chip box-shadow was inset 0 0 0px 1px var\(--chakra-colors-red-border\) now inset 0 0 0px 1px var\(--chakra-colors-red-emphasized\)/);
  });

  it('fails when a slot the copy stands for is gone from the recipe', () => {
    change(tableSlotRecipe, 'slots', tableSlotRecipe.slots!.filter((slot) => slot !== 'columnHeader'));
    expect(failure()).toMatch(/Table recipe changed: its slot columnHeader is gone/);
  });

  it('fails when a listed difference is no longer one, and when a rule of a copy is compared with nothing', () => {
    change(hotStyles['.cab-card-title']!, 'marginTop', undefined);
    expect(failure()).toMatch(/Card recipe \(size "sm"\) title changed: \.cab-card-title margin-top is no longer a difference from the recipe \(listed in own\)/);
    undo.splice(0).forEach((step) => step());
    change(hotStyles['.cab-chip']!, '&[data-palette="black"]', { bg: 'black' });
    expect(failure()).toMatch(/hot-styles: \.cab-chip\[data-palette="black"\] is compared with no recipe/);
  });

  it('fails when the srOnly utility and the copy of it differ', () => {
    change(hotStyles['.cab-sr-only']!, 'margin', '0');
    expect(failure()).toMatch(/srOnly utility changed: \.cab-sr-only margin was 0 now -1px/);
  });

  it('compares every copy it lists', () => {
    expect(new Set(recipeCopies.map((copy) => copy.selector))).toEqual(
      new Set(['.cab-table', '.cab-chip', '.cab-chip-md', '.cab-card', '.cab-card-title', '.cab-pill-link', '.cab-icon-link', '.cab-spinner', '.cab-avatar']),
    );
  });
});
