import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { onlineManager } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { renderedSystem } from './theme';
import { createQueryClient, markNavigationStart, persistOptions, restorePersistedCacheNow } from './query-client';
import { createAppRouter } from './router';
import { setTransportHooks } from '@/lib/api/transport';
import { saveReturnRoute } from '@/lib/session';
import { forgetUserRecord } from '@/features/auth/user-record';
import { consumeTokenLink } from '@/features/auth/token-link';
import { preloadToaster, Toaster } from '@/components/toaster';
import { isOnline, subscribeOnline } from '@/lib/offline/connectivity';
import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/pwa/chunk-reload';
import { dropScreenSnapshot, snapshotShown } from '@/lib/screen-snapshot';
import { whenIdle } from '@/lib/idle';

// SPEC §2 /personal-account-v2-auth: the token leaves the address when the app module loads (with the entry, before
// the config is fetched), before the router exists.
const tokenLinkTaken = consumeTokenLink();

// The update prompt and the install action can only have something to say once the service worker is registered or
// the browser offers installation, both after the first screen: their code is fetched then (issue 19, first-load JS).
// A fetch that fails (a deploy removed the chunk) leaves the dock out for this visit rather than break the app.
// The dock is asked for by the last step after the first screen (`showDock`, below), not by state of App: App renders
// once, as every render of it gives Ark's LocaleProvider a new context and re-renders each component that reads the
// locale (and works out the text direction again, Intl.Locale#maximize).
let showDock!: () => void;
const dockWanted = new Promise<void>((resolve) => (showDock = resolve));
const AppStatusDock = lazy<ComponentType>(() =>
  dockWanted
    .then(() => import('@/components/offline/app-status-dock'))
    .then(
      (m) => ({ default: m.AppStatusDock }),
      () => ({ default: () => null }),
    ),
);

export function App() {
  const [{ queryClient, router, persist }] = useState(() => {
    const queryClient = createQueryClient();
    const persist = persistOptions(queryClient);
    // Lists, details and the user seen before are readable offline from the first route load (DESIGN.md).
    restorePersistedCacheNow(persist);
    // A sign-in link may be anybody: the user record kept from an earlier session is not theirs.
    if (tokenLinkTaken) forgetUserRecord(queryClient);
    const router = createAppRouter(queryClient);
    // SPEC §8: a 401 from the main APIs removes the token (done in the middleware) and goes to login unless there.
    setTransportHooks({
      onUnauthorized: () => {
        const { pathname, searchStr } = router.state.location;
        if (pathname === '/login' || pathname === '/callback') return;
        saveReturnRoute(pathname + searchStr);
        forgetUserRecord(queryClient);
        void router.navigate({ to: '/login', replace: true });
      },
    });
    // DESIGN.md "Offline drafts": the outbox left by earlier sessions is replayed as soon as the app runs — loaded
    // right after the first screen is rendered, so IndexedDB code is not part of the first-load JavaScript; the toast
    // view is fetched then too, ready before the first message, and the service worker (precache, update prompt) is
    // registered. One step per idle moment (issue 19): together, with the preload links of their chunks, they were one
    // task of ~120 ms at CPU 4×; apart, none blocks the page for long.
    const afterFirstScreen = [
      // A field a dialog gives the focus back to keeps its caret (the next key replaces nothing); first of the steps,
      // before any dialog a person opens, and not part of the first-load JavaScript.
      () => void import('@/lib/focus-return-on'),
      () => void import('@/lib/offline/runtime').then((m) => m.startOfflineLayer()),
      // Issue 19: each settled cabinet screen is kept for boot-frame.js to paint on the next visit.
      () => void import('@/lib/screen-snapshot-capture').then((m) => m.keepScreenSnapshots((listener) => router.subscribe('onRendered', listener))),
      preloadToaster,
      // Its code comes with the update prompt's (app-status-dock.tsx), not with the first-load JavaScript.
      () =>
        void import('@/lib/pwa/service-worker').then(
          (m) => m.registerServiceWorker(),
          () => undefined, // not fetched now (no connection): the next start registers it
        ),
      showDock,
    ];
    const nextStep = () => {
      afterFirstScreen.shift()?.();
      if (afterFirstScreen.length) whenIdle(nextStep, 1_000, 200);
    };
    const stop = router.subscribe('onRendered', () => {
      stop();
      whenIdle(nextStep, 1_000, 200);
    });
    // The picture of the last visit (lib/screen-snapshot.ts) is taken away by the shell once its screen has drawn, or at
    // once when the app shows something else (the sign-in page after an expired session, an error screen).
    router.subscribe('onRendered', () => {
      if (snapshotShown() && !document.querySelector('#root .cab-shell, #root .boot-cabinet')) dropScreenSnapshot();
    });
    // A screen mounting does not fetch again what its navigation fetched already (query-client.ts justFetched).
    router.subscribe('onBeforeNavigate', (event) => {
      if (event.fromLocation) markNavigationStart();
    });
    // Queries pause while the network is proved absent; an action started then is refused (query-client.ts).
    onlineManager.setEventListener((setOnline) => {
      setOnline(isOnline());
      return subscribeOnline(setOnline);
    });
    // A route chunk missing after a deploy: reload once to get the new build.
    router.subscribe('onResolved', () => {
      const failed = router.state.matches.find((match) => match.status === 'error' && isChunkLoadError(match.error));
      if (failed) reloadOnceForChunkError(failed.error);
    });
    return { queryClient, router, persist };
  });

  return (
    <ChakraProvider value={renderedSystem()}>
      <LocaleProvider locale="ru-RU">
        <PersistQueryClientProvider client={queryClient} persistOptions={persist}>
          <RouterProvider router={router} />
          <Toaster />
          <Suspense fallback={null}>
            <AppStatusDock />
          </Suspense>
        </PersistQueryClientProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
