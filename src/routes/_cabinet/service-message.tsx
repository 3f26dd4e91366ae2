import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/service-message')({
  beforeLoad: ({ context }) => requireArea(context.roles, 'service-message'),
  component: Screen,
});

function Screen() {
  usePageTitle('Сервисное сообщение');
  return <Text color="fg.muted">Раздел «Сервисное сообщение» ещё не подключён к этой сборке.</Text>;
}
