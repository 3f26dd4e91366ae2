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

/**
 * Runs `steps` a step per idle moment — each `next()` in a `whenIdle` of its own, so that a long piece of work made of
 * short steps never blocks the page for long — then gives `done` what it returned. Called off, no further step runs.
 */
export function idleSteps<T>(steps: Iterator<unknown, T>, timeoutMs: number, done?: (result: T) => void, fallbackMs = 0): IdleHandle {
  let cancelled = false;
  let pending: IdleHandle;
  const step = () => {
    if (cancelled) return;
    const result = steps.next();
    if (result.done) done?.(result.value);
    else pending = whenIdle(step, timeoutMs, fallbackMs);
  };
  pending = whenIdle(step, timeoutMs, fallbackMs);
  return {
    cancel: () => {
      cancelled = true;
      pending.cancel();
    },
  };
}
