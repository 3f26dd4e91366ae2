import { useState } from 'react';
import { Alert, Box, Button, Stack } from '@chakra-ui/react';
import { errorToastText } from '@/lib/api/errors';

// Parts of list screens: the empty list, long lists in steps, a list that did not load. Screen-level views (404, no
// access, a screen that did not load) are in status-views.tsx, which the router needs from the first load.

export function EmptyState({ text }: { text: string }) {
  return (
    <Box py="10" textAlign="center" color="fg.muted" role="status">
      {text}
    </Box>
  );
}

/** How many items of a list are rendered at first and per "Показать ещё" (a list is paged by the server normally). */
export const RENDER_STEP = 50;

/**
 * Long lists render in steps (reliability issue "Broken servers": a server answering 5,000 items where 20 were asked
 * must not freeze the page). Lists of normal length are not affected.
 */
export function useRenderLimit<T>(
  list: readonly T[] | null | undefined,
  step = RENDER_STEP,
): { visible: readonly T[]; hidden: number; showMore: () => void } {
  const [limit, setLimit] = useState(step);
  const items = Array.isArray(list) ? list : [];
  return {
    visible: items.length > limit ? items.slice(0, limit) : items,
    hidden: Math.max(0, items.length - limit),
    showMore: () => setLimit((current) => current + step),
  };
}

export function ShowMore({ hidden, onClick, step = RENDER_STEP }: { hidden: number; onClick: () => void; step?: number }) {
  if (hidden <= 0) return null;
  return (
    <Box py="3" textAlign="center">
      <Button variant="outline" size="sm" onClick={onClick}>
        Показать ещё {Math.min(step, hidden)} (всего скрыто: {hidden})
      </Button>
    </Box>
  );
}

/**
 * A part of a screen whose data did not load: a plain Russian message (the server's when it sent one, SPEC §8) and
 * "Повторить". Screens that already toast the failure (SPEC §8) pass their own title instead of the error.
 */
export function LoadError({ error, title, onRetry }: { error?: unknown; title?: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator aria-hidden="true" />
      <Alert.Content>
        <Stack gap="2" align="start">
          <Alert.Title>{title ?? errorToastText(error, 'Произошла ошибка при получении данных')}</Alert.Title>
          <Button size="xs" variant="outline" onClick={onRetry}>
            Повторить
          </Button>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
