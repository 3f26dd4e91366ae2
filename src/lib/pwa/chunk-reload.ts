import { CHUNK_LOAD_TIMEOUT_MS } from '../limits';

/**
 * Lazy chunks after a deploy (DESIGN.md: "A failed lazy chunk after a deploy reloads once") and the chunk load
 * time-out of SPEC §9 ("Script chunk load time-out 120000 ms"). A page still running the old build asks for chunk
 * files the new deploy no longer has: one reload fetches the new build. A second failure soon after is shown, not
 * looped on.
 */
/** The mark of the last reload (sessionStorage); boot-frame.js's entry-script recovery uses the same one. */
export const RELOAD_KEY = 'cabinet_chunk_reload_at';
/** A failure within this long after a chunk reload is not reloaded again. */
export const RELOAD_GUARD_MS = 60_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`Часть приложения не загрузилась за ${Math.round(ms / 1000)} с. Проверьте подключение и обновите страницу.`);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /ChunkLoadError/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  if (error instanceof ChunkLoadTimeoutError) return true;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(text));
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
  /** Without a connection a reload cannot fetch a new build: it would only trade the screen for the browser's error. */
  online?: () => boolean;
}

const browserDeps = (): ReloadDeps => ({
  storage: sessionStorage,
  reload: () => window.location.reload(),
  now: Date.now,
  online: () => navigator.onLine !== false,
});

/** Reloads the page for a chunk failure unless it already did so moments ago. Returns true when reloading. */
export function reloadOnceForChunkError(error: unknown, deps: ReloadDeps = browserDeps()): boolean {
  if (!isChunkLoadError(error) || deps.online?.() === false) return false;
  const last = Number(deps.storage.getItem(RELOAD_KEY) ?? 0);
  if (last && deps.now() - last < RELOAD_GUARD_MS) return false;
  deps.storage.setItem(RELOAD_KEY, String(deps.now()));
  deps.reload();
  return true;
}

/** A dynamic import that fails after the SPEC §9 time-out instead of hanging. */
export function withChunkTimeout<T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Global listeners: Vite's preload failure event and unhandled chunk rejections. */
export function installChunkErrorRecovery(): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadOnceForChunkError(payload ?? new Error('ChunkLoadError'))) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (reloadOnceForChunkError(event.reason)) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
