/** A scheduled run that can be called off. */
export interface IdleHandle {
  cancel(): void;
}

/**
 * Runs `run` when the page is idle, and within `timeoutMs` at the latest (a busy phone is never idle). Without
 * `requestIdleCallback` (Safari) it runs after a short timer instead.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs = 0): IdleHandle {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = setTimeout(run, fallbackMs);
  return { cancel: () => clearTimeout(id) };
}
