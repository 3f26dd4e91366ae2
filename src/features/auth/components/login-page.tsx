import { Alert, Box, Button, Heading, List, Stack, Text } from '@chakra-ui/react';

export interface LoginPageProps {
  errors: string[];
  onLogin: () => void;
  notice?: string | null;
}

/** SPEC §2 /login: one button "Войти" that goes to the sign-on provider in the same window. */
export function LoginPage({ errors, onLogin, notice }: LoginPageProps) {
  return (
    <Box minH="100dvh" display="flex" alignItems="center" justifyContent="center" bg="bg.subtle" px="4">
      <Box as="main" bg="bg" borderRadius="xl" shadow="md" p={{ base: '6', md: '10' }} w="full" maxW="md">
        <Stack gap="6" textAlign="center">
          <Stack gap="1">
            <Text color="brand.fg" fontWeight="bold">
              Грантовый портал
            </Text>
            <Heading as="h1" size="2xl">
              Личный кабинет
            </Heading>
            <Text color="fg.muted">Конкурсы, заявки, задачи проектов и электронная подпись</Text>
          </Stack>
          {notice && (
            <Alert.Root status="info" textAlign="start">
              <Alert.Indicator />
              <Alert.Description>{notice}</Alert.Description>
            </Alert.Root>
          )}
          {errors.length > 0 && (
            <Alert.Root status="error" textAlign="start" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Не удалось войти</Alert.Title>
                <Alert.Description>
                  <List.Root ps="4">
                    {errors.map((message, i) => (
                      <List.Item key={i}>{message}</List.Item>
                    ))}
                  </List.Root>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Button size="lg" borderRadius="pill" colorPalette="brand" onClick={onLogin}>
            Войти
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
