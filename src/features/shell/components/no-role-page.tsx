import { Box, Heading, Stack, Text, Link } from '@chakra-ui/react';

/** SPEC §4: "A user with no roles goes to a support page" — what to wait for and whom to ask. */
export function NoRolePage() {
  return (
    <Box bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '5', md: '8' }} maxW="2xl">
      <Stack gap="3">
        <Heading as="h2" size="lg">
          Вашей учётной записи ещё не назначена роль
        </Heading>
        <Text>
          Доступ к разделам личного кабинета открывается после того, как администратор назначит вам роль. Обычно это
          происходит в течение одного рабочего дня после регистрации.
        </Text>
        <Text>
          Если роль не появилась, напишите в службу поддержки кнопкой «Задать вопрос» вверху страницы или по адресу{' '}
          <Link href="mailto:support@grants.example.ru" color="brand.fg">
            support@grants.example.ru
          </Link>
          .
        </Text>
      </Stack>
    </Box>
  );
}
