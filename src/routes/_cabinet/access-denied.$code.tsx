import { createFileRoute } from '@tanstack/react-router';
import { AccessDeniedView } from '@/components/status-views';
import { usePageTitle } from '@/components/page-title';

export const Route = createFileRoute('/_cabinet/access-denied/$code')({
  component: AccessDeniedRoute,
});

function AccessDeniedRoute() {
  const { code } = Route.useParams();
  usePageTitle('Нет доступа');
  // Only a short numeric code is echoed back; anything else in the URL is not rendered.
  return <AccessDeniedView code={/^\d{3}$/.test(code) ? code : '403'} />;
}
