import { describe, expect, it } from 'vitest';
import { toastLift, type ScreenBox } from './toast-placement';

const PHONE = { top: 0, bottom: 812 };
const box = (top: number, bottom: number, left = 16, right = 359): ScreenBox => ({ top, bottom, left, right });
// Two toasts stacked above the drawer's buttons on a phone (issue 50: y 499–679 of 812).
const STACK = box(600, 740);

describe('toasts clear of the focused field (issue 50)', () => {
  it.each([
    { name: 'no field focused', field: null, visible: PHONE, lift: 0 },
    { name: 'a field above the toasts', field: box(300, 340), visible: PHONE, lift: 0 },
    { name: 'a field beside them (a wide screen)', field: box(600, 640, 300, 700), stack: box(600, 740, 1040, 1424), visible: PHONE, lift: 0 },
    // To the top of the screen: the stack's bottom at 16 + 140.
    { name: 'a field under them', field: box(690, 730), visible: PHONE, lift: 740 - 156 },
    { name: 'a field touching their top edge (within the gap)', field: box(560, 596), visible: PHONE, lift: 740 - 156 },
    // The keyboard leaves 0–420 on the screen: the toasts' own place is hidden, the field at 360–400.
    { name: 'the keyboard up, the field at the bottom of what is left', field: box(360, 400), visible: { top: 0, bottom: 420 }, lift: 740 - 156 },
    // Their own place under the keyboard, the field at the top: just above the keyboard.
    { name: 'a field at the top, the keyboard up', field: box(20, 60), visible: { top: 0, bottom: 420 }, lift: 740 - 404 },
    // Toasts held high (above a tall bar) over a field near the top: neither their place nor the top — just below it.
    { name: 'a field near the top under toasts held high', field: box(60, 120), stack: box(100, 240), visible: PHONE, lift: 240 - (120 + 16 + 140) },
    { name: 'a tall field from 175 down: the top still clear', field: box(175, 800), visible: PHONE, lift: 740 - 156 },
    { name: 'a tall field from 150 down: no room above or below', field: box(150, 800), visible: PHONE, lift: 0 },
    { name: 'a field as tall as the screen: nowhere to go', field: box(10, 800), visible: PHONE, lift: 0 },
  ])('$name → $lift px up', ({ field, stack = STACK, visible, lift }) => {
    expect(toastLift({ stack, field, visible, gap: 16 })).toBe(lift);
  });

  it('no toasts, nothing to move', () => {
    expect(toastLift({ stack: box(740, 740), field: box(700, 760), visible: PHONE, gap: 16 })).toBe(0);
  });
});
