import { startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { whenIdle } from '@/lib/idle';
import type { SectionDef } from '../model/definition';

/** Fields rendered with the first frame: more than a phone or a desktop screen shows above the fold. */
export const FIRST_SCREEN_FIELDS = 12;

/** How many of the first groups hold the first screen's fields (at least one group). */
export function firstScreenSections(sections: readonly Pick<SectionDef, 'fields'>[], fields = FIRST_SCREEN_FIELDS): number {
  let count = 0;
  let seen = 0;
  for (const section of sections) {
    count += 1;
    seen += section.fields.length;
    if (seen >= fields) break;
  }
  return Math.min(sections.length, Math.max(1, count));
}

/**
 * Issue 19: a long questionnaire renders the groups of its first screen at once and the others one group per idle
 * slice, as a transition (React yields to typing and clicks while it renders them). `renderAll()` renders every group
 * synchronously before something needs a field that may not be there yet: focusing the first error (SPEC §5), a link of
 * «Проверить анкету», the field last edited on a returning visit.
 */
export function useProgressiveSections(total: number, initial: number) {
  const [shown, setShown] = useState(() => Math.min(total, initial));

  useEffect(() => {
    if (shown >= total) return;
    // The time-out keeps the rest coming on a page that is never idle (a busy phone): the form is whole within seconds.
    const handle = whenIdle(() => startTransition(() => setShown((n) => Math.min(total, n + 1))), 500);
    return () => handle.cancel();
  }, [shown, total]);

  const renderAll = useCallback(() => {
    if (shown < total) flushSync(() => setShown(total));
  }, [shown, total]);

  return { shown, renderAll };
}
