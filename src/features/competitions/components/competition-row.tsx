import { Box, Button, Heading, Stack, Text, SimpleGrid } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { Competition } from '../api/queries';
import { competitionPathId } from '../rules/list';
import { formatRange } from '../rules/format';
import { CompetitionChips } from './competition-chips';

/** One competition of the list (SPEC §2 "Each row"). */
export function CompetitionRow({ competition }: { competition: Competition }) {
  const id = competitionPathId(competition);
  return (
    <Box as="article" bg="bg" borderWidth="1px" borderColor="border" rounded="xl" p={{ base: '4', md: '5' }} aria-label={competition.name}>
      <Stack gap="3">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'start', md: 'center' }} gap="3">
          <Heading as="h3" size="md">
            {competition.name}
          </Heading>
          <Button asChild size="sm" variant="outline" rounded="pill" flexShrink={0}>
            <Link to="/programs/$id" params={{ id }} aria-label={`Подробнее о конкурсе ${competition.name}`}>
              Подробнее
            </Link>
          </Button>
        </Stack>
        <CompetitionChips status={competition.status} mine={competition.hasUserActivePoints} hasTasks={competition.hasActivePoints} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" fontSize="sm">
          <Box>
            <Text color="fg.muted">Проведение конкурса</Text>
            <Text fontWeight="medium">{formatRange(competition.dateFrom, competition.dateTo)}</Text>
          </Box>
          <Box>
            <Text color="fg.muted">Подведение итогов</Text>
            <Text fontWeight="medium">{formatRange(competition.resultDateFrom, competition.resultDateTo)}</Text>
          </Box>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
