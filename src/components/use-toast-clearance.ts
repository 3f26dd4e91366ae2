import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variable the toast region reads for its bottom offset (see toaster-view.tsx). */
export const TOAST_OFFSET_VAR = '--toast-offset-bottom';
/** Gap between a toast and whatever it must clear (Chakra's default toast offset is 1rem). */
const GAP_PX = 16;

/**
 * Keeps toasts above a bar stuck to the bottom of the screen (the questionnaire's submit bar): SPEC §9 puts toasts
 * bottom-right, where they would cover "Сформировать для отправки" and the save button, on phones across the whole
 * width. While the bar is on screen the toast region sits its height higher; it goes back down when the bar unmounts.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const apply = () => root.style.setProperty(TOAST_OFFSET_VAR, `${Math.ceil(element.getBoundingClientRect().height) + GAP_PX}px`);
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_OFFSET_VAR);
    };
  }, [ref]);
}
