import { MutationCache, QueryCache, QueryClient, hydrate, notifyManager } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions, PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { ApiError, errorToastText } from '@/lib/api/errors';
import { testOverrideMs } from '@/lib/api/transport';
import { confirmOnline, offlineActionError } from '@/lib/offline/connectivity';
import { toaster } from '@/components/toaster';
import { QUERY_CACHE_KEY, holdStoredQueryCache, queryCacheHolder } from '@/lib/session';

/** What a mutation tells the one error handler below about its failures (typed through react-query's Register). */
export type CabinetMutationMeta = {
  /** The screen shows the failure where it happened (under a field, in the dialog): no toast. */
  errorShownInPlace?: boolean;
  /** SPEC §8 failure text; the server's message replaces it when it sent one. Default: DEFAULT_MUTATION_ERROR. */
  errorText?: string;
  /** Field titles for "{message} в поле {title}" (SPEC §5, §8). */
  fieldTitle?: (field: string) => string | undefined;
  /** The toast for a failure whose text does not follow the server-message-or-fallback rule (fixed SPEC §8 texts). */
  errorToast?: (error: unknown) => string | { title: string; description?: string };
};

export type CabinetQueryMeta = {
  /** false: never kept for offline reading (see persistOptions). */
  persist?: boolean;
  /** A failing load is said in an error toast with this text (SPEC §8), not (only) on the screen. */
  errorToast?: string;
  /** A failing load is said in an error toast: the server's message, or this text when it sent none (SPEC §8). */
  errorText?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: CabinetMutationMeta;
    queryMeta: CabinetQueryMeta;
  }
}

export const DEFAULT_MUTATION_ERROR = 'Произошла ошибка при обновлении данных';

/**
 * Fetched in this page, not invalidated since, and either since the current navigation started or less than
 * JUST_FETCHED_MS ago (the refetchOnMount default below). A screen's data is fetched before the screen mounts — by its
 * route loader, or on the page's first screen by boot.js before the app's code has even run (scripts/boot-preload.mjs
 * `EARLY_CALLS`) —, and on a slow phone the screen mounts seconds later: with only the 2 s window it asked for its list
 * and the service message again (seen on a loaded machine, ~5 s after the main chunk arrived; tests/e2e/tasks.spec.ts
 * "once each"). The page's first navigation starts with the page itself.
 */
export const JUST_FETCHED_MS = 2_000;
let navigationStarted = performance.timeOrigin;
/** A navigation after the page's first one starts (app.tsx). */
export function markNavigationStart(at = Date.now()): void {
  navigationStarted = at;
}
export function justFetched(state: { dataUpdatedAt: number; isInvalidated: boolean }, now = Date.now(), since = navigationStarted): boolean {
  return !state.isInvalidated && state.dataUpdatedAt >= performance.timeOrigin && (state.dataUpdatedAt >= since || now - state.dataUpdatedAt < JUST_FETCHED_MS);
}

/** The one place a failed action becomes a Russian error toast (SPEC §8); null when the screen shows it itself. */
export function mutationErrorToast(error: unknown, meta: CabinetMutationMeta | undefined): { title: string; description?: string } | null {
  if (meta?.errorShownInPlace) return null;
  if (meta?.errorToast) {
    const toast = meta.errorToast(error);
    return typeof toast === 'string' ? { title: toast } : toast;
  }
  return { title: errorToastText(error, meta?.errorText ?? DEFAULT_MUTATION_ERROR, meta?.fieldTitle) };
}

/** The one place a failed load becomes an error toast: only for queries whose meta asks for one. */
export function queryErrorToast(error: unknown, meta: CabinetQueryMeta | undefined): { title: string } | null {
  if (meta?.errorToast) return { title: meta.errorToast };
  if (meta?.errorText) return { title: errorToastText(error, meta.errorText) };
  return null;
}

function showError(toast: { title: string; description?: string } | null): void {
  if (toast) toaster.create({ type: 'error', ...toast, closable: true, duration: 8000 });
}

/** Seen lists and details stay readable offline (DESIGN.md "Offline drafts", last point). */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

export function createQueryClient(): QueryClient {
  // Query and mutation state reaches React in a microtask instead of a later timer task: a button disabled while its
  // mutation is pending is disabled before the browser handles the next click (the second click of a double click
  // no longer sends the request twice).
  notifyManager.setScheduler(queueMicrotask);
  return new QueryClient({
    // An action (archive, withdraw, profile, requests…) needs the server: offline it is refused at once with «Нет
    // соединения — действие недоступно» instead of a paused mutation that a reload would silently drop.
    mutationCache: new MutationCache({
      onMutate: async () => {
        if (!(await confirmOnline())) throw offlineActionError();
      },
      // Errors are classified once: every failed action gets its SPEC §8 toast here unless its meta says otherwise.
      onError: (error, _variables, _result, mutation) => showError(mutationErrorToast(error, mutation.meta)),
    }),
    queryCache: new QueryCache({
      onError: (error, query) => showError(queryErrorToast(error, query.meta)),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Data a route's loader fetched a moment ago in this page is not fetched again when its screen mounts: lists
        // that are re-read on every visit (staleTime 0) repeated the loader's request ~200 ms later — a cold /tasks
        // asked for its 14 KB page and the service message twice. Restored (older than the page) or invalidated data
        // is refetched on mount as before.
        refetchOnMount: (query) => !justFetched(query.state),
        gcTime: PERSIST_MAX_AGE,
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => {
          // A time-out already made the user wait the whole time-out: retrying would triple the wait.
          if (error instanceof ApiError && ['unauthorized', 'forbidden', 'not-found', 'validation', 'client', 'timeout'].includes(error.kind)) return false;
          return failureCount < 2;
        },
        // TanStack's default back-off (1 s, 2 s, … up to 30 s); end-to-end tests may shorten it.
        retryDelay: (attempt) => testOverrideMs('cabinet_retry_delay_ms') ?? Math.min(1000 * 2 ** attempt, 30_000),
      },
      // Never paused: a connection lost mid-action fails it with a clear message (see mutationCache above).
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

/** A list this long is a broken answer, not something to keep for offline reading (it would fill local storage). */
export const PERSIST_MAX_ITEMS = 1_000;

/** The longest list in an answer, at the top or one level down (lists, { items }, { data: { items } }). */
export function longestList(data: unknown, depth = 0): number {
  if (Array.isArray(data)) return data.length;
  if (!data || typeof data !== 'object' || depth > 1) return 0;
  return Math.max(0, ...Object.values(data).map((value) => longestList(value, depth + 1)));
}

/** The stored cache says whose data it is: the owner is written into it, beside the owner key of lib/session.ts. */
type OwnedClient = PersistedClient & { owner?: number | null };

/**
 * The persister of the query cache, kept to one user (lib/session.ts). A tab writes only while it holds the stored
 * owner's data — a tab still showing A after B signed in in another tab writes nothing (its write, up to a second
 * later, would put A's lists under B) — and stamps each write with that owner. A stored copy is read only when it is
 * that owner's: a write that crossed another tab's sign-in is never restored.
 */
export function ownedPersister(storage: Storage = window.localStorage): Persister {
  const persister = createSyncStoragePersister({
    storage: {
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => {
        if (queryCacheHolder(storage) !== null) storage.setItem(key, value);
      },
      removeItem: (key) => storage.removeItem(key),
    },
    key: QUERY_CACHE_KEY,
    throttleTime: 1000,
    serialize: (client) => JSON.stringify({ ...client, owner: queryCacheHolder(storage) } satisfies OwnedClient),
  });
  return {
    ...persister,
    restoreClient: () => {
      const client = persister.restoreClient() as OwnedClient | undefined;
      return client?.owner != null && client.owner === queryCacheHolder(storage) ? client : undefined;
    },
  };
}

export function persistOptions(queryClient: QueryClient): Omit<PersistQueryClientOptions, 'queryClient'> & { queryClient: QueryClient } {
  return {
    queryClient,
    persister: ownedPersister(),
    maxAge: PERSIST_MAX_AGE,
    buster: __APP_VERSION__,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && query.meta?.persist !== false && longestList(query.state.data) <= PERSIST_MAX_ITEMS,
    },
  };
}

/**
 * Restores the persisted cache synchronously, before the router's first load: route guards and loaders
 * (ensureQueryData) then find what was seen before — offline too — instead of racing the provider's own restore.
 */
export function restorePersistedCacheNow(options: ReturnType<typeof persistOptions>): void {
  // What this tab holds from now on — the restored copy, or nothing — is the stored owner's.
  holdStoredQueryCache();
  try {
    const persisted = options.persister.restoreClient();
    if (!persisted || 'then' in persisted) return;
    const maxAge = options.maxAge ?? PERSIST_MAX_AGE;
    if (!persisted.timestamp || Date.now() - persisted.timestamp > maxAge || persisted.buster !== (options.buster ?? '')) return;
    hydrate(options.queryClient, persisted.clientState);
  } catch {
    // A broken cache: the provider's restore discards it.
  }
}
