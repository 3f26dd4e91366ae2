import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/projects/$id')({
  staticData: { hideFooter: true },
  beforeLoad: ({ context }) => requireArea(context.roles, 'projects'),
  component: Screen,
});

function Screen() {
  usePageTitle('Проект');
  return <Text color="fg.muted">Раздел «Проект» ещё не подключён к этой сборке.</Text>;
}
