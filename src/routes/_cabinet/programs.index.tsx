import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/programs/')({
  beforeLoad: ({ context }) => requireArea(context.roles, 'programs'),
  component: Screen,
});

function Screen() {
  usePageTitle('Текущие конкурсы');
  return <Text color="fg.muted">Раздел «Текущие конкурсы» ещё не подключён к этой сборке.</Text>;
}
