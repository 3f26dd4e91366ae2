import { Alert, Box, Button, Stack } from '@chakra-ui/react';
import { Navigate, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { ApiError, errorToastText } from '@/lib/api/errors';
import { NotFoundView } from '@/components/status-views';

/** Per-route error boundary: 403 → access denied, 404 → not found, anything else → message + "Повторить". */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  if (error instanceof ApiError && error.kind === 'forbidden') {
    return <Navigate to="/access-denied/$code" params={{ code: '403' }} replace />;
  }
  if (error instanceof ApiError && error.kind === 'not-found') return <NotFoundView />;
  const message = errorToastText(error, 'Произошла ошибка при получении данных.');
  return (
    <Box py="8">
      <Alert.Root status="error" role="alert" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Не удалось открыть страницу</Alert.Title>
          <Alert.Description>
            <Stack gap="3" align="start">
              <span>{message}</span>
              <Button
                size="sm"
                onClick={() => {
                  queryReset.reset();
                  reset();
                  void router.invalidate();
                }}
              >
                Повторить
              </Button>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Box>
  );
}
