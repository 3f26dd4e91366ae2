import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/programs/$id')({
  staticData: { hideFooter: true },
  beforeLoad: ({ context }) => requireArea(context.roles, 'programs'),
  component: Screen,
});

function Screen() {
  usePageTitle('Конкурс');
  return <Text color="fg.muted">Раздел «Конкурс» ещё не подключён к этой сборке.</Text>;
}
