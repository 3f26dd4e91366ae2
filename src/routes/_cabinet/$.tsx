import { createFileRoute } from '@tanstack/react-router';
import { NotFoundView } from '@/components/status-views';
import { usePageTitle } from '@/components/page-title';

/** SPEC §2 "any other path": "404" and "Страница не найдена", inside the shell for a signed-in user. */
export const Route = createFileRoute('/_cabinet/$')({
  component: NotFoundRoute,
});

function NotFoundRoute() {
  usePageTitle('Страница не найдена');
  return <NotFoundView />;
}
