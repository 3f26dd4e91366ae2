import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/calendar')({
  beforeLoad: ({ context }) => requireArea(context.roles, 'calendar'),
  component: Screen,
});

function Screen() {
  usePageTitle('Календарь');
  return <Text color="fg.muted">Раздел «Календарь» ещё не подключён к этой сборке.</Text>;
}
