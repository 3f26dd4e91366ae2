import { useSyncExternalStore } from 'react';
import { ApiError } from '../api/errors';

/**
 * Connectivity, proved by a real request (DESIGN.md "Offline drafts": not by `navigator.onLine` alone). The browser's
 * "offline" is trusted as a negative (no request can succeed then); "online" is only a hint that starts a probe.
 * Any HTTP answer proves the network; a network failure or a time-out disproves it.
 */
export type ConnectivityState = 'online' | 'offline' | 'unknown';

export const PROBE_TIMEOUT_MS = 10_000;

export interface ConnectivityDeps {
  /** The probe request; answers the id of the user the current token belongs to. */
  whoAmI: (signal: AbortSignal) => Promise<number>;
  browserOnline?: () => boolean;
  /** The probe needs a session: without a token (sign-in pages) it is not sent — its 401 would end a sign-in. */
  canProbe?: () => boolean;
  now?: () => number;
  timeoutMs?: number;
}

export class Connectivity {
  private state: ConnectivityState = 'unknown';
  private listeners = new Set<() => void>();
  private probing: Promise<ConnectivityState> | null = null;
  /** Id of the signed-in user as the server sees the current token (null until proved, or after a 401). */
  userId: number | null = null;
  /** The last probe was answered 401: the session is gone, sign-in is needed. */
  authFailed = false;
  lastProofAt = 0;

  /** The browser's "offline" at the start already counts: the app shows no "online" moment before a first probe. */
  constructor(private readonly deps: ConnectivityDeps) {
    if (deps.browserOnline && !deps.browserOnline()) this.state = 'offline';
  }

  get(): ConnectivityState {
    return this.state;
  }

  /** The browser itself reports no network (certain; no request can succeed). */
  browserOffline(): boolean {
    return this.deps.browserOnline ? !this.deps.browserOnline() : false;
  }

  /** Optimistic: true unless the network was proved absent. */
  isOnline(): boolean {
    return this.state !== 'offline';
  }

  set(next: ConnectivityState): void {
    // An answer that arrives after the browser went offline proves nothing about now: the browser's "offline" wins.
    if (next === 'online' && this.deps.browserOnline && !this.deps.browserOnline()) next = 'offline';
    if (next === 'online') this.lastProofAt = (this.deps.now ?? Date.now)();
    if (next === this.state) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  markOnline(): void {
    this.set('online');
  }

  markOffline(): void {
    this.set('offline');
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One probe at a time; concurrent callers share it. */
  probe(): Promise<ConnectivityState> {
    this.probing ??= this.runProbe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  private async runProbe(): Promise<ConnectivityState> {
    const browserOnline = this.deps.browserOnline ? this.deps.browserOnline() : true;
    if (!browserOnline) {
      this.set('offline');
      return this.state;
    }
    if (this.deps.canProbe && !this.deps.canProbe()) {
      // Not provable now: trust the browser's "online" rather than keep an old "offline".
      if (this.state === 'offline') this.set('unknown');
      return this.state;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.deps.timeoutMs ?? PROBE_TIMEOUT_MS);
    try {
      this.userId = await this.deps.whoAmI(controller.signal);
      this.authFailed = false;
      this.set('online');
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) {
        // The server answered: the network is there. A 401 means the token is gone (sign-in needed).
        if (error.status === 401) this.userId = null;
        this.authFailed = error.status === 401;
        this.set('online');
      } else {
        this.set('offline');
      }
    } finally {
      clearTimeout(timer);
    }
    return this.state;
  }
}

let shared: Connectivity | null = null;
let unsubscribeShared: (() => void) | null = null;
const sharedListeners = new Set<() => void>();
const notifyShared = () => sharedListeners.forEach((l) => l());

/** The app's connectivity (set when the offline layer starts; until then everything counts as online). */
export function setSharedConnectivity(next: Connectivity): void {
  unsubscribeShared?.();
  shared = next;
  unsubscribeShared = next.subscribe(notifyShared);
  notifyShared();
}

/**
 * For actions that need the network: false once the app has proved there is none — or, until the offline layer has
 * started (after the first screen), while the browser itself says offline (trusted as a negative, see above): queries
 * started offline then pause their retries at once instead of failing them one by one.
 */
export function isOnline(): boolean {
  return shared ? shared.isOnline() : globalThis.navigator?.onLine !== false;
}

function subscribeShared(listener: () => void): () => void {
  sharedListeners.add(listener);
  return () => {
    sharedListeners.delete(listener);
  };
}

/** React hook: re-renders when connectivity changes (show "Нет соединения" instead of failing an action). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeShared, isOnline, () => true);
}

/**
 * An action that needs the server, started while the connection is proved absent, is refused at once with this text
 * (DESIGN.md: nothing is promised that the code does not keep — only draft edits are queued, in the durable outbox).
 */
export const OFFLINE_ACTION_REFUSED_TEXT = 'Нет соединения — действие недоступно';

/**
 * Asked before an action: the browser's own "offline" is final; a proved "offline" is asked once more, because a probe
 * cut short (a phone waking from sleep fires its 10 s time-out at once) proves nothing about now.
 */
export async function confirmOnline(): Promise<boolean> {
  if (!shared) return isOnline();
  if (shared.browserOffline()) return false;
  if (shared.isOnline()) return true;
  return (await shared.probe()) !== 'offline';
}

export function offlineActionError(): ApiError {
  return new ApiError(0, null, OFFLINE_ACTION_REFUSED_TEXT, 'network');
}

/** Lets another online flag (e.g. TanStack Query's onlineManager) follow the proved connectivity. */
export function subscribeOnline(listener: (online: boolean) => void): () => void {
  return subscribeShared(() => listener(isOnline()));
}
