import { useState } from 'react';
import { Box } from '@chakra-ui/react';
import { Navigate, useMatch, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryClient, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { ApiError, UNEXPECTED_DATA_TEXT, errorToastText, isFetchFailure, networkError } from '@/lib/api/errors';
import { NotFoundView, ScreenLoadError } from '@/components/status-views';
import { usePageTitle } from '@/components/page-title';

/** The text of the route error view (SPEC §8: the server's message when present, else the catalogue text). */
export function routeErrorText(error: unknown): string {
  if (error instanceof ApiError) return errorToastText(error, 'Произошла ошибка при получении данных.');
  if (isFetchFailure(error)) return networkError().message;
  return UNEXPECTED_DATA_TEXT;
}

/**
 * Per-route error boundary (issue "Broken servers"): 403 → access denied, 404 → not found, anything else → a plain
 * Russian message and "Повторить". Outside the cabinet shell (the layout's own data failed) it is the page's main
 * landmark itself, so the page is never blank.
 */
export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const queryReset = useQueryErrorResetBoundary();
  const standalone = useMatch({ strict: false, select: (match) => match.routeId === '/_cabinet' || match.routeId === '__root__' });
  const [retrying, setRetrying] = useState(false);
  const handledElsewhere = error instanceof ApiError && (error.kind === 'forbidden' || error.kind === 'not-found');
  // The screen that failed never set its title: the header says what happened instead of going blank.
  usePageTitle(handledElsewhere ? undefined : 'Ошибка загрузки');
  if (error instanceof ApiError && error.kind === 'forbidden') {
    return <Navigate to="/access-denied/$code" params={{ code: '403' }} replace />;
  }
  if (error instanceof ApiError && error.kind === 'not-found') return <NotFoundView />;

  const retry = async () => {
    setRetrying(true);
    try {
      queryReset.reset();
      // A screen that crashed on its data still has that data cached (loaders would take the cached copy again; a query
      // the shell also shows stays active): everything is fetched again before the screen renders once more.
      if (!(error instanceof ApiError)) await queryClient.refetchQueries();
      reset();
      await router.invalidate();
    } finally {
      setRetrying(false);
    }
  };

  const view = (
    <Box py="8" px={standalone ? { base: '4', md: '8' } : undefined}>
      <ScreenLoadError title="Не удалось открыть страницу" message={routeErrorText(error)} onRetry={() => void retry()} retrying={retrying} gap="3" maxW="2xl" />
    </Box>
  );
  return standalone ? <main>{view}</main> : view;
}
