import { Box, Spinner } from '@chakra-ui/react';

/** The loading state shared by the task lists (their error state is the shared LoadError). */
export function ListLoading() {
  // A screen tall: the footer stays below the fold until the rows come, instead of being pushed down by them (layout
  // shift, DESIGN.md budgets).
  return (
    <Box py="10" minH="100dvh" textAlign="center" aria-busy="true">
      <Spinner color="brand.solid" role="status" aria-label="Загрузка" />
    </Box>
  );
}
