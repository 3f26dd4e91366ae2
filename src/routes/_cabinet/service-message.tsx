import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '@/app/guards';
import { usePageTitle } from '@/components/page-title';
import { serviceMessageQuery } from '@/features/service-message/api/queries';
import { ServiceMessageForm } from '@/features/service-message/components/service-message-form';

/** SPEC §2 "Service message": administrator only (§6). */
export const Route = createFileRoute('/_cabinet/service-message')({
  beforeLoad: ({ context, preload }) => requireArea(context.roles, 'service-message', preload),
  loader: ({ context }) => context.queryClient.ensureQueryData(serviceMessageQuery()),
  component: Screen,
});

function Screen() {
  usePageTitle('Сервисное сообщение');
  return <ServiceMessageForm />;
}
