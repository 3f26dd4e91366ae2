import { useState } from 'react';
import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { errorToastText } from '@/lib/api/errors';

/** SPEC §2 "any other path": "404" and "Страница не найдена". */
export function NotFoundView() {
  return <StatusCodeView code="404" color="brand.fg" title="Страница не найдена" />;
}

/** SPEC §2 /access-denied/{code}: shows the code and "Нет доступа". */
export function AccessDeniedView({ code }: { code: string }) {
  return <StatusCodeView code={code} color="red.fg" title="Нет доступа" detail="У вас нет прав для просмотра этой страницы." />;
}

/** A page that cannot be shown: its status code large, what it means, and the way home. */
function StatusCodeView({ code, color, title, detail }: { code: string; color: string; title: string; detail?: string }) {
  return (
    <Box py="16" textAlign="center">
      <Stack gap="3" align="center">
        <Heading as="h2" size="5xl" color={color}>
          {code}
        </Heading>
        <Text fontSize="xl">{title}</Text>
        {detail && <Text color="fg.muted">{detail}</Text>}
        <Button asChild variant="outline">
          <Link to="/">На главную</Link>
        </Button>
      </Stack>
    </Box>
  );
}

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
      <Alert.Indicator />
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

/** A screen or form whose data could not be loaded: what failed, why, and "Повторить" (spinning while it retries). */
export function ScreenLoadError(props: { title: string; message: string; onRetry: () => void; retrying?: boolean; gap?: '2' | '3'; maxW?: string }) {
  return (
    <Alert.Root status="error" role="alert" maxW={props.maxW}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{props.title}</Alert.Title>
        <Alert.Description>
          <Stack gap={props.gap ?? '2'} align="start">
            <span>{props.message}</span>
            <Button size="sm" loading={props.retrying} onClick={props.onRetry}>
              Повторить
            </Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
