import { Badge, HStack } from '@chakra-ui/react';

/** Chip colours: a Chakra palette with the badge variant, or explicit tokens (WCAG contrast checked in src/app). */
export type ChipColours = { colorPalette: string; variant: 'subtle' | 'solid' } | { bg: string; color: string };

export const COMPETITION_CHIP_COLOURS = {
  accepting: { colorPalette: 'green', variant: 'subtle' },
  otherStatus: { colorPalette: 'gray', variant: 'subtle' },
  mine: { colorPalette: 'brand', variant: 'solid' },
  // orange.solid with white text is 3.6:1; the darker shade keeps the warning hue at 4.5:1 or more.
  hasTasks: { bg: 'orange.700', color: 'white' },
} as const satisfies Record<string, ChipColours>;

/** Status chip plus "Участвую" (the user has active points) and "Есть задачи!" (points wait for the user), SPEC §2. */
export function CompetitionChips({ status, mine, hasTasks }: { status?: string | null; mine: boolean; hasTasks: boolean }) {
  return (
    <HStack gap="2" wrap="wrap">
      {status && (
        <Badge {...(status === 'Прием заявок' ? COMPETITION_CHIP_COLOURS.accepting : COMPETITION_CHIP_COLOURS.otherStatus)} size="md" rounded="full" px="2.5">
          {status}
        </Badge>
      )}
      {mine && (
        <Badge {...COMPETITION_CHIP_COLOURS.mine} size="md" rounded="full" px="2.5">
          Участвую
        </Badge>
      )}
      {hasTasks && (
        <Badge {...COMPETITION_CHIP_COLOURS.hasTasks} size="md" rounded="full" px="2.5">
          Есть задачи!
        </Badge>
      )}
    </HStack>
  );
}
