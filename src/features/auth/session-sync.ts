import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { dropUserCache } from './leave-session';
import { confirmSignedInUser, doubtSignedInUser } from './signed-in-user';

const TOKEN_KEY = 'access_token';

/**
 * Tabs of one device share the session (SPEC §3: the token is in local storage). When another tab signs out, this one
 * follows to the login page; when another tab signs somebody else in (a sign-in link, "log in as"), this one starts
 * afresh as that user — it never shows one user's screens with another user's data. A renewal (same user) changes
 * nothing.
 */
export function useSessionSync(userId: number): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let checking = 0;
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || (event.key !== TOKEN_KEY && event.key !== null)) return;
      if (!localStorage.getItem(TOKEN_KEY)) {
        dropUserCache(queryClient);
        void navigate({ to: '/login', replace: true });
        return;
      }
      // Until the server says whose the new token is, this tab's record is not trusted (signed-in-user.ts), and while
      // the stored cache's owner is not this tab's user it writes nothing there (lib/session.ts).
      doubtSignedInUser();
      const check = ++checking;
      void unwrap(api().main.GET('/v1/users/info', { cache: 'no-store' })).then(
        (me) => {
          if (check !== checking) return;
          if (me.id === userId) return confirmSignedInUser(queryClient, me);
          // Nothing of the previous user's was written since the other tab took the stored cache (query-client.ts
          // ownedPersister): the fresh start reads the new user's.
          window.location.replace('/');
        },
        () => undefined, // no answer now: the tab's next screen asks again (signed-in-user.ts)
      );
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId, navigate, queryClient]);
}
