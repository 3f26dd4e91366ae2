import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

/** SPEC §2 "any other path": "404" and "Страница не найдена". */
export function NotFoundView() {
  return (
    <Box py="16" textAlign="center">
      <Stack gap="3" align="center">
        <Heading as="h2" size="5xl" color="brand.fg">
          404
        </Heading>
        <Text fontSize="xl">Страница не найдена</Text>
        <Button asChild variant="outline">
          <Link to="/">На главную</Link>
        </Button>
      </Stack>
    </Box>
  );
}

/** SPEC §2 /access-denied/{code}: shows the code and "Нет доступа". */
export function AccessDeniedView({ code }: { code: string }) {
  return (
    <Box py="16" textAlign="center">
      <Stack gap="3" align="center">
        <Heading as="h2" size="5xl" color="red.fg">
          {code}
        </Heading>
        <Text fontSize="xl">Нет доступа</Text>
        <Text color="fg.muted">У вас нет прав для просмотра этой страницы.</Text>
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
