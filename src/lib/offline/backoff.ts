/**
 * Exponential back-off of the replayer (DESIGN.md "Offline drafts": "with exponential back-off"): 1 s, 2 s, 4 s … up to
 * one minute, with jitter so that many devices coming back at once do not retry in lockstep.
 */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

/** Delay before the next attempt after `failures` consecutive failures (0 → no delay). `random` ∈ [0, 1). */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(failures - 1, 16));
  // "Equal jitter": never less than half of the ceiling, so the delay still grows.
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
