import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { Text } from '@chakra-ui/react';

export const Route = createFileRoute('/_cabinet/diagnostics')({
  beforeLoad: ({ context }) => requireArea(context.roles, 'diagnostics'),
  component: Screen,
});

function Screen() {
  usePageTitle('Диагностика ЭП');
  return <Text color="fg.muted">Раздел «Диагностика ЭП» ещё не подключён к этой сборке.</Text>;
}
