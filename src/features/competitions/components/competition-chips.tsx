import { Badge, HStack } from '@chakra-ui/react';

/** Status chip plus "Участвую" (the user has active points) and "Есть задачи!" (points wait for the user), SPEC §2. */
export function CompetitionChips({ status, mine, hasTasks }: { status?: string | null; mine: boolean; hasTasks: boolean }) {
  return (
    <HStack gap="2" wrap="wrap">
      {status && (
        <Badge colorPalette={status === 'Прием заявок' ? 'green' : 'gray'} variant="subtle" size="md" rounded="full" px="2.5">
          {status}
        </Badge>
      )}
      {mine && (
        <Badge colorPalette="brand" variant="solid" size="md" rounded="full" px="2.5">
          Участвую
        </Badge>
      )}
      {hasTasks && (
        <Badge bg="orange.700" color="white" size="md" rounded="full" px="2.5">
          Есть задачи!
        </Badge>
      )}
    </HStack>
  );
}
