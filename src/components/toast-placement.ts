/** A box on the screen (px, as getBoundingClientRect gives them). */
export interface ScreenBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface ToastPlacementInput {
  /** Where the stack of toasts is drawn at its own place (no lift). */
  stack: ScreenBox;
  /** The focused field, if one is focused. */
  field: ScreenBox | null;
  /** The part of the page on the screen: the visual viewport, which an on-screen keyboard shortens. */
  visible: { top: number; bottom: number };
  gap: number;
}

/**
 * How far up (px; negative: down) the toast stack moves so that it never covers the focused field (issue 50: two
 * toasts over the field being typed in on a phone). It stays at its own place when that is clear of the field and on
 * the screen; else it goes to the top of the screen, else just below the field; a field too tall for either keeps
 * the toasts at their place.
 */
export function toastLift({ stack, field, visible, gap }: ToastPlacementInput): number {
  const height = stack.bottom - stack.top;
  if (!field || height <= 0 || stack.right <= field.left || stack.left >= field.right) return 0;
  const fits = (bottom: number) => bottom - height >= visible.top + gap - 0.5 && bottom <= visible.bottom - gap + 0.5;
  const clear = (bottom: number) => bottom <= field.top - gap + 0.5 || bottom - height >= field.bottom + gap - 0.5;
  const own = Math.min(stack.bottom, visible.bottom - gap);
  for (const bottom of [own, visible.top + gap + height, field.bottom + gap + height]) {
    if (fits(bottom) && clear(bottom)) return stack.bottom - bottom;
  }
  return 0;
}
