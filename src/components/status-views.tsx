import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

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

/** A screen or form whose data could not be loaded: what failed, why, and "Повторить" (spinning while it retries). */
export function ScreenLoadError(props: { title: string; message: string; onRetry: () => void; retrying?: boolean; gap?: '2' | '3'; maxW?: string }) {
  return (
    <Alert.Root status="error" role="alert" maxW={props.maxW}>
      <Alert.Indicator aria-hidden="true" />
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
