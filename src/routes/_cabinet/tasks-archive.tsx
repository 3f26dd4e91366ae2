import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/tasks-archive')({
  beforeLoad: ({ context }) => requireArea(context.roles, 'tasks-archive'),
  component: Screen,
});

function Screen() {
  usePageTitle('Архив');
  return <Text color="fg.muted">Раздел «Архив» ещё не подключён к этой сборке.</Text>;
}
