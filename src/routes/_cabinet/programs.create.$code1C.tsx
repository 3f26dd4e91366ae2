import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/programs/create/$code1C')({
  beforeLoad: ({ context }) => requireArea(context.roles, 'program-create'),
  component: Screen,
});

function Screen() {
  usePageTitle('Заявка');
  return <Text color="fg.muted">Раздел «Заявка» ещё не подключён к этой сборке.</Text>;
}
