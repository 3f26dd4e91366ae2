import { createFileRoute, redirect } from '@tanstack/react-router';
import { usePageTitle } from '@/components/page-title';
import { NoRolePage } from '@/features/shell/components/no-role-page';

/** SPEC §4: "A user with no roles goes to a support page." */
export const Route = createFileRoute('/_cabinet/support')({
  beforeLoad: ({ context }) => {
    if (context.roles.length > 0) throw redirect({ to: '/', replace: true });
  },
  component: SupportPage,
});

function SupportPage() {
  usePageTitle('Поддержка');
  return <NoRolePage />;
}
