/**
 * Chakra's dialogs give the focus back through zag's focus trap, which calls `select()` on an `<input>` it focuses
 * (@zag-js/focus-trap `tryFocus`). A person typing in a field when a dialog came (the «Закрыть без сохранения?»
 * question, the questionnaire's instructions) got the field back with its whole text selected, and the next key replaced
 * everything typed before it. Here the field a dialog took the focus from keeps, when the focus comes back, the caret
 * it had.
 *
 * Only that return is touched: when a dialog takes the focus from a text field, the field and its caret are noted; the
 * first text field focused after that dialog has closed ends the note, and if it is that field, the selection made in
 * the same task as the focus is replaced by the caret. A script that focuses and selects a field to replace its text (an
 * autofill, a test driver's fill) at any other time is left alone, and so is the browser's own focusing: Tab selects
 * after the focus event's listeners and their microtasks have run, and a click places the caret itself.
 */
export function keepCaretOnFocusReturn(doc: Document = document): () => void {
  let taken: { dialog: Element; field: HTMLInputElement; start: number; end: number; direction?: 'forward' | 'backward' | 'none' } | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const dialog = target.closest(DIALOG);
    const from = event.relatedTarget;
    if (dialog && isOpen(dialog) && from instanceof HTMLInputElement && hasCaret(from) && !dialog.contains(from)) {
      const { selectionStart: start, selectionEnd: end } = from;
      if (start !== null && end !== null) taken = { dialog, field: from, start, end, direction: from.selectionDirection ?? undefined };
      return;
    }
    if (!taken || !(target instanceof HTMLInputElement) || !hasCaret(target) || taken.dialog.contains(target) || isOpen(taken.dialog)) return;
    const { field, start, end, direction } = taken;
    taken = null;
    if (target !== field || selectsAll(field, start, end)) return;
    queueMicrotask(() => {
      if (field.ownerDocument.activeElement !== field || field.selectionStart === null || field.selectionEnd === null) return;
      if (selectsAll(field, field.selectionStart, field.selectionEnd)) field.setSelectionRange(start, end, direction);
    });
  };
  doc.addEventListener('focusin', onFocusIn, true);
  return () => doc.removeEventListener('focusin', onFocusIn, true);
}

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** A dialog still on screen and not closing (Ark marks its content data-state="open"). */
const isOpen = (dialog: Element) => dialog.isConnected && dialog.getAttribute('data-state') === 'open';

/** Text-like inputs: the ones with a caret and `selectionStart` (not checkboxes, files, numbers or dates). */
function hasCaret(field: HTMLInputElement): boolean {
  return ['text', 'search', 'tel', 'url', 'email', 'password'].includes(field.type);
}

const selectsAll = (field: HTMLInputElement, start: number, end: number) => field.value.length > 0 && start === 0 && end === field.value.length;
