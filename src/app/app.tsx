import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { system } from './theme';
import { createQueryClient, persistOptions } from './query-client';
import { createAppRouter } from './router';
import { setTransportHooks } from '@/lib/api/transport';
import { saveReturnRoute } from '@/lib/session';
import { Toaster } from '@/components/toaster';

export function App() {
  const [{ queryClient, router, persist }] = useState(() => {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient);
    // SPEC §8: a 401 from the main APIs removes the token (done in the middleware) and goes to login unless there.
    setTransportHooks({
      onUnauthorized: () => {
        const { pathname, searchStr } = router.state.location;
        if (pathname === '/login' || pathname === '/callback') return;
        saveReturnRoute(pathname + searchStr);
        queryClient.removeQueries({ queryKey: ['auth'] });
        void router.navigate({ to: '/login', replace: true });
      },
    });
    return { queryClient, router, persist: persistOptions(queryClient) };
  });

  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale="ru-RU">
        <PersistQueryClientProvider client={queryClient} persistOptions={persist}>
          <RouterProvider router={router} />
          <Toaster />
        </PersistQueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
