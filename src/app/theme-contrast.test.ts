import { describe, expect, it } from 'vitest';
import { badgeRecipe } from '@chakra-ui/react/theme';
import { getSystem } from './theme';
import { STATUS_PALETTE, statusPalette } from '@/features/tasks/status-palette';
import { DEADLINE_DOT_TOKENS, DEADLINE_TOKENS, type DeadlineColor } from '@/features/tasks/deadline-color';
import { COMPETITION_CHIP_COLOURS, type ChipColours } from '@/features/competitions/components/competition-chips';

/**
 * Issue 10 §5 "colour contrast of status chips and deadline colours": WCAG 2.1 contrast ratios computed from the
 * colour values the theme actually holds (src/app/theme.ts on top of Chakra's tokens), light mode (the cabinet has no
 * dark mode). Text needs 4.5:1 (1.4.3); the deadline dot is a graphical mark and needs 3:1 (1.4.11).
 */
const TEXT = 4.5;
const GRAPHIC = 3;

type Conditions = Record<string, string | undefined>;

/** A colour token ("green.700", "fg.muted", "brand.solid", "bg") to its #rrggbb value, following references. */
export function tokenHex(name: string, seen: string[] = []): string {
  if (seen.includes(name)) throw new Error(`colour token cycle: ${[...seen, name].join(' → ')}`);
  const token = getSystem().tokens.getByName(`colors.${name}`);
  if (!token) throw new Error(`no colour token "${name}" in the theme`);
  const conditions = token.extensions?.conditions as Conditions | undefined;
  const raw = String(conditions ? (conditions._light ?? conditions.base) : token.originalValue ?? token.value);
  const reference = /^\{colors\.(.+)\}$/.exec(raw);
  if (reference) return tokenHex(reference[1]!, [...seen, name]);
  if (raw === 'white') return '#ffffff';
  if (raw === 'black') return '#000000';
  if (/^#[0-9a-f]{6}$/i.test(raw)) return raw.toLowerCase();
  throw new Error(`colour token "${name}" is "${raw}", not an opaque #rrggbb colour`);
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2.1 contrast ratio of two opaque colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text and background tokens of a Chakra badge, read from the badge recipe's variant ("colorPalette.fg" etc.). */
function badgeTokens(chip: ChipColours): { fg: string; bg: string } {
  if ('bg' in chip) return { fg: chip.color, bg: chip.bg };
  const variant = badgeRecipe.variants?.variant?.[chip.variant] as { color: string; bg: string };
  const inPalette = (token: string) => token.replace(/^colorPalette\./, `${chip.colorPalette}.`);
  return { fg: inPalette(variant.color), bg: inPalette(variant.bg) };
}

// Where the coloured text sits: task rows and the task header are on white cards ("bg"), the page is "bg.subtle".
const SURFACES = ['bg', 'bg.subtle'];

describe('WCAG contrast helpers', () => {
  it('match the published reference values', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });

  it('read the theme, not a copy of it', () => {
    expect(tokenHex('brand.solid')).toBe(tokenHex('brand.600'));
    expect(tokenHex('bg')).toBe('#ffffff');
    expect(() => tokenHex('no-such-colour.500')).toThrow(/no colour token/);
  });
});

describe('task status chips (SPEC §2 "My tasks", §4 statuses)', () => {
  const palettes = new Set([...Object.values(STATUS_PALETTE), statusPalette(null, 1000), statusPalette(null, 0)]);
  it.each([...palettes])('"%s" chip text is at least 4.5:1 on the chip', (palette) => {
    const { fg, bg } = badgeTokens({ colorPalette: palette, variant: 'subtle' });
    expect(contrastRatio(tokenHex(fg), tokenHex(bg)), `${fg} on ${bg}`).toBeGreaterThanOrEqual(TEXT);
  });
});

describe('competition chips (SPEC §2 competitions list)', () => {
  it.each(Object.entries(COMPETITION_CHIP_COLOURS))('"%s" chip text is at least 4.5:1 on the chip', (_name, chip) => {
    const { fg, bg } = badgeTokens(chip);
    expect(contrastRatio(tokenHex(fg), tokenHex(bg)), `${fg} on ${bg}`).toBeGreaterThanOrEqual(TEXT);
  });
});

describe('deadline colours (SPEC §2 "Deadline colour")', () => {
  const colours = Object.keys(DEADLINE_TOKENS) as DeadlineColor[];
  it.each(colours.flatMap((c) => SURFACES.map((s) => [c, s] as const)))('%s deadline text is at least 4.5:1 on %s', (colour, surface) => {
    const ratio = contrastRatio(tokenHex(DEADLINE_TOKENS[colour]), tokenHex(surface));
    expect(ratio, `${DEADLINE_TOKENS[colour]} on ${surface}`).toBeGreaterThanOrEqual(TEXT);
  });
  it.each(colours.flatMap((c) => SURFACES.map((s) => [c, s] as const)))('%s deadline dot is at least 3:1 on %s', (colour, surface) => {
    const ratio = contrastRatio(tokenHex(DEADLINE_DOT_TOKENS[colour]), tokenHex(surface));
    expect(ratio, `${DEADLINE_DOT_TOKENS[colour]} on ${surface}`).toBeGreaterThanOrEqual(GRAPHIC);
  });
  it('the four colours stay apart: no two deadline texts share a value', () => {
    const values = colours.map((c) => tokenHex(DEADLINE_TOKENS[c]));
    expect(new Set(values).size).toBe(colours.length);
  });
});

describe('secondary and error text', () => {
  it.each(SURFACES)('muted text (IDs, dates, "МСК") is at least 4.5:1 on %s', (surface) => {
    expect(contrastRatio(tokenHex('fg.muted'), tokenHex(surface))).toBeGreaterThanOrEqual(TEXT);
  });
  it.each(SURFACES)('field error text (fg.error) is at least 4.5:1 on %s', (surface) => {
    expect(contrastRatio(tokenHex('fg.error'), tokenHex(surface))).toBeGreaterThanOrEqual(TEXT);
  });
});
