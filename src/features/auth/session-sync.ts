import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/clients';
import { unwrap } from '@/lib/api/transport';
import { dropUserCache } from './leave-session';
import { forgetUserRecord } from './user-record';

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
      const check = ++checking;
      void unwrap(api().main.GET('/v1/users/info', { cache: 'no-store' })).then(
        (me) => {
          if (check !== checking || me.id === userId) return;
          // This tab's cache may have been written back after the other tab forgot the previous user's record (the
          // persister writes a second later): forgotten here too, so the fresh start cannot show the previous user's
          // name over the new user's data.
          forgetUserRecord(queryClient);
          window.location.replace('/');
        },
        () => undefined, // no answer now: the next call of this tab settles it
      );
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId, navigate, queryClient]);
}
