import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/users')({
  beforeLoad: ({ context }) => requireArea(context.roles, 'users'),
  component: Screen,
});

function Screen() {
  usePageTitle('Пользователи и роли');
  return <Text color="fg.muted">Раздел «Пользователи и роли» ещё не подключён к этой сборке.</Text>;
}
