import { colorVar } from '@/lib/token-var';

/** Chip colours: a Chakra palette with the badge variant, or explicit tokens (WCAG contrast checked in src/app). */
export type ChipColours = { colorPalette: string; variant: 'subtle' | 'solid' } | { bg: string; color: string };

export const COMPETITION_CHIP_COLOURS = {
  accepting: { colorPalette: 'green', variant: 'subtle' },
  otherStatus: { colorPalette: 'gray', variant: 'subtle' },
  mine: { colorPalette: 'brand', variant: 'solid' },
  // orange.solid with white text is 3.6:1; the darker shade keeps the warning hue at 4.5:1 or more.
  hasTasks: { bg: 'orange.700', color: 'white' },
} as const satisfies Record<string, ChipColours>;

/** The inline colours of a chip (plain elements, issue 19): the palette's subtle or solid pair, or explicit tokens. */
function chipStyle(colours: ChipColours) {
  if ('bg' in colours) return { background: colorVar(colours.bg), color: colorVar(colours.color) };
  const [bg, fg] = colours.variant === 'solid' ? ['solid', 'contrast'] : ['subtle', 'fg'];
  return { background: colorVar(`${colours.colorPalette}.${bg}`), color: colorVar(`${colours.colorPalette}.${fg}`) };
}

/** Status chip plus "Участвую" (the user has active points) and "Есть задачи!" (points wait for the user), SPEC §2. */
export function CompetitionChips({ status, mine, hasTasks }: { status?: string | null; mine: boolean; hasTasks: boolean }) {
  return (
    <div className="cab-line" style={{ gap: '0.5rem' }}>
      {status && (
        <span className="cab-chip-md" style={chipStyle(status === 'Прием заявок' ? COMPETITION_CHIP_COLOURS.accepting : COMPETITION_CHIP_COLOURS.otherStatus)}>
          {status}
        </span>
      )}
      {mine && (
        <span className="cab-chip-md" style={chipStyle(COMPETITION_CHIP_COLOURS.mine)}>
          Участвую
        </span>
      )}
      {hasTasks && (
        <span className="cab-chip-md" style={chipStyle(COMPETITION_CHIP_COLOURS.hasTasks)}>
          Есть задачи!
        </span>
      )}
    </div>
  );
}
