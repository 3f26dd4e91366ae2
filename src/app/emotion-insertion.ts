import { useInsertionEffect } from 'react';

/*
 * Issue 19: stands in for @emotion/use-insertion-effect-with-fallbacks (vite.config.ts alias), the hook with which
 * Chakra's components and emotion's elements insert the style rule of their class.
 *
 * With React's `useInsertionEffect` every rule of a screen went in during the commit, one task that cannot be cut
 * (emotion's insertion was most of the first commit of /tasks, 112 ms at CPU 1×). Inserted as each component renders
 * — what emotion does under React versions without the hook — the rules go in during rendering, which React does in
 * short slices for the first screen and each navigation (transitions). The rules are the same; only their order in
 * the sheet may differ (a parent's before its children's), and each element's class holds all of its styles, so the
 * order does not decide between them: screenshots of /tasks, the RID tab, /programs, START-2026 and /calendar at 375
 * and 1440 px are the same as before. A render React throws away leaves a rule nobody uses yet (emotion inserts each
 * class once). Measured on /tasks at CPU 1×, 9 first visits per build alternated: long tasks 539 → 403 ms,
 * main-thread time 1,448 → 1,289 ms.
 *
 * Global styles (emotion's `Global`) keep the insertion effect: they are not part of an element's render output.
 */

/** Runs `create` as the component renders (emotion's own fallback for a React without `useInsertionEffect`). */
export const useInsertionEffectAlwaysWithSyncFallback = <T>(create: () => T): T => create();

export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
