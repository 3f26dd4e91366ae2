import { createFileRoute, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { getConfig } from '@/lib/config';
import { getToken, takeSignOutNotice } from '@/lib/session';
import { LoginPage } from '@/features/auth/components/login-page';
import { takeLoginErrors } from '@/features/auth/login-errors';
import { authorizeUrl } from '@/features/auth/authorize-url';
import { usePageTitle } from '@/components/page-title';

export const Route = createFileRoute('/login')({
  staticData: { hideFooter: true },
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: '/', replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  usePageTitle('Вход');
  const [errors] = useState(takeLoginErrors);
  const [notice] = useState(takeSignOutNotice);
  const login = () => {
    const config = getConfig();
    window.location.assign(authorizeUrl(config.authorizeUrl, config.clientId, window.location.origin));
  };
  return <LoginPage errors={errors} notice={notice} onLogin={login} />;
}
