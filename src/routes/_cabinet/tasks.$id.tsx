import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/tasks/$id')({
  staticData: { hideFooter: true },
  beforeLoad: ({ context }) => requireArea(context.roles, 'tasks'),
  component: Screen,
});

function Screen() {
  usePageTitle('Задача');
  return <Text color="fg.muted">Раздел «Задача» ещё не подключён к этой сборке.</Text>;
}
