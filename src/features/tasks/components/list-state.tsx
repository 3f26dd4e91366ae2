import { Alert, Box, Button, Spinner, Stack } from '@chakra-ui/react';
import { errorToastText } from '@/lib/api/errors';

/** Loading and error states shared by the task lists. */
export function ListLoading() {
  // A screen tall: the footer stays below the fold until the rows come, instead of being pushed down by them (layout
  // shift, DESIGN.md budgets).
  return (
    <Box py="10" minH="100dvh" textAlign="center" aria-busy="true">
      <Spinner color="brand.solid" role="status" aria-label="Загрузка" />
    </Box>
  );
}

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Stack gap="2" align="start">
          <Alert.Title>{errorToastText(error, 'Произошла ошибка при получении данных')}</Alert.Title>
          <Button size="xs" variant="outline" onClick={onRetry}>
            Повторить
          </Button>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
