// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepCaretOnFocusReturn } from './focus-return';

let stop: () => void;
let field: HTMLInputElement;
let dialog: HTMLDivElement;
let button: HTMLButtonElement;

/** The end of a task: what the listener queued has run (each step of a person is a task of its own). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What zag's focus trap does when a dialog closes: focus, then select, in one script. */
const giveBack = (to: HTMLInputElement) => {
  to.focus();
  to.select();
};

const caret = (input: HTMLInputElement) => [input.selectionStart, input.selectionEnd];

/** A dialog opens over the field and takes the focus (the «Нет» of «Закрыть без сохранения?»). */
async function dialogTakesFocus() {
  dialog.setAttribute('data-state', 'open');
  document.body.append(dialog);
  button.focus();
  await settled();
}

/** It closes: Ark marks it closed while it animates out. */
const dialogCloses = () => dialog.setAttribute('data-state', 'closed');

beforeEach(async () => {
  stop = keepCaretOnFocusReturn(document);
  field = Object.assign(document.createElement('input'), { type: 'text', value: 'Вопрос о сроках' });
  dialog = document.createElement('div');
  dialog.setAttribute('role', 'alertdialog');
  button = document.createElement('button');
  dialog.append(button);
  document.body.append(field);
  // The person typed: the caret is at the end.
  field.focus();
  await settled();
  field.setSelectionRange(field.value.length, field.value.length);
});

afterEach(() => {
  stop();
  field.remove();
  dialog.remove();
});

describe('the focus a dialog gives back to the field it took it from', () => {
  it('comes back with the caret where it was, so the next key replaces nothing', async () => {
    await dialogTakesFocus();
    dialogCloses();
    giveBack(field);
    await Promise.resolve();
    expect(document.activeElement).toBe(field);
    expect(caret(field)).toEqual([15, 15]);
  });

  it('keeps a part the person had selected, and a selection of everything', async () => {
    field.setSelectionRange(7, 9);
    await dialogTakesFocus();
    dialogCloses();
    giveBack(field);
    await Promise.resolve();
    expect(caret(field)).toEqual([7, 9]);
    field.select();
    await dialogTakesFocus();
    dialogCloses();
    giveBack(field);
    await Promise.resolve();
    expect(caret(field)).toEqual([0, 15]);
  });

  it('is looked at once: a later focus and select of the field (an autofill, a test driver’s fill) stands', async () => {
    await dialogTakesFocus();
    dialogCloses();
    giveBack(field);
    await settled();
    button.focus();
    dialog.remove();
    await settled();
    giveBack(field);
    await Promise.resolve();
    expect(caret(field)).toEqual([0, 15]);
  });

  it('leaves fields focused while the dialog is open, and fields inside it', async () => {
    await dialogTakesFocus();
    const inside = Object.assign(document.createElement('input'), { type: 'text', value: 'в диалоге' });
    dialog.append(inside);
    giveBack(inside);
    await Promise.resolve();
    expect(caret(inside)).toEqual([0, 9]);
  });

  it('leaves another field the focus goes to after the dialog, and ends the note there', async () => {
    const other = Object.assign(document.createElement('input'), { type: 'text', value: 'другое поле' });
    document.body.append(other);
    await dialogTakesFocus();
    dialogCloses();
    giveBack(other);
    await Promise.resolve();
    expect(caret(other)).toEqual([0, 11]);
    giveBack(field);
    await Promise.resolve();
    expect(caret(field)).toEqual([0, 15]);
    other.remove();
  });

  it('does nothing once stopped (the focus trap selects the whole text)', async () => {
    stop();
    await dialogTakesFocus();
    dialogCloses();
    giveBack(field);
    await Promise.resolve();
    expect(caret(field)).toEqual([0, 15]);
  });
});
