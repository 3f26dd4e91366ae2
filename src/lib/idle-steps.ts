import { whenIdle, type IdleHandle } from './idle';

// Apart from lib/idle.ts: what the first-load JavaScript imports from there stays small; this is loaded with the
// chunks that use it (lib/screen-snapshot-capture.ts), after the first screen.

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
