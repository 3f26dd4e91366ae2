import { useLayoutEffect, type RefObject } from 'react';

/** The CSS variables the toast region reads for its bottom and right offsets (see toaster-view.tsx). */
export const TOAST_OFFSET_VAR = '--toast-offset-bottom';
export const TOAST_OFFSET_RIGHT_VAR = '--toast-offset-right';
/** Gap between a toast and whatever it must clear (Chakra's default toast offset is 1rem). */
const GAP_PX = 16;

/**
 * The element the toast region is portalled into, and where its offsets are set. Not the document's root: a custom
 * property changed on the root is inherited by every element of the page, so each change restyled the whole page
 * (issue 19: ~10 ms at full speed on START-2026, as its submit bar appeared); here only the toasts inherit it.
 */
export function toastLayer(): HTMLElement {
  let layer = document.getElementById('toast-layer');
  if (!layer) {
    layer = document.createElement('div');
    layer.id = 'toast-layer';
    // It holds the toasts' live region: a modal dialog hides the rest of the page from assistive technology, but not
    // this (the mark zag's aria-hidden leaves alone) — a toast about the open drawer must still be heard and seen.
    layer.setAttribute('data-live-announcer', '');
    document.body.append(layer);
  }
  return layer;
}

/** While active, keeps one offset of the toast region at what measure() returns for the element, and drops it after. */
function useClearance(ref: RefObject<HTMLElement | null>, active: boolean, variable: string, measure: (box: DOMRect) => number | null) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const root = toastLayer();
    // A panel opened over a bar (the drawer over the questionnaire) gives the bar's offset back when it closes.
    const previous = root.style.getPropertyValue(variable);
    const apply = () => {
      const px = measure(element.getBoundingClientRect());
      if (px === null) root.style.removeProperty(variable);
      else root.style.setProperty(variable, `${Math.ceil(px) + GAP_PX}px`);
    };
    // Measured when the observer reports, right after the browser's own layout: no forced layout in the commit.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    if (observer) observer.observe(element);
    else apply();
    return () => {
      observer?.disconnect();
      if (previous) root.style.setProperty(variable, previous);
      else root.style.removeProperty(variable);
    };
  }, [ref, active, variable, measure]);
}

const barHeight = (box: DOMRect) => box.height;
/** A panel on the right side: toasts go to its left; a panel as wide as the screen (a phone) has no side to clear. */
const panelWidth = (box: DOMRect) => (box.width > 0 && box.width < window.innerWidth - 1 ? box.width : null);

/**
 * Keeps toasts above a bar stuck to the bottom of the screen (the questionnaire's submit bar): SPEC §9 puts toasts
 * bottom-right, where they would cover "Сформировать для отправки" and the save button, on phones across the whole
 * width. While the bar is on screen the toast region sits its height higher; it goes back down when the bar unmounts.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>, active = true): void {
  useClearance(ref, active, TOAST_OFFSET_VAR, barHeight);
}

/** Keeps toasts beside a panel open on the right (the profile drawer), so they never cover its buttons. */
export function useToastSideClearance(ref: RefObject<HTMLElement | null>, open: boolean): void {
  useClearance(ref, open, TOAST_OFFSET_RIGHT_VAR, panelWidth);
}
