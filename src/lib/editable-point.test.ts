import { describe, expect, it } from 'vitest';
import { isEditablePoint } from './editable-point';

describe('SPEC §4: which points the form edits (the task screen opens the form for them, the preview otherwise)', () => {
  it.each([
    ['NEW', true, true],
    ['FILLING', true, true],
    ['NEEDS_IMPROVEMENTS', true, true],
    ['SUSPENDED', true, true],
    ['RETURN_TO_EDIT', true, true],
    ['RETURN_TO_EDIT', false, false],
    ['NEW', false, false],
    ['REVIEW_WITH_SIGNING', true, false],
    ['SIGNING_REQUIRED', true, false],
    ['COMPLETED', true, false],
    ['IN_PROCESSING', true, false],
  ])('%s with canEdit=%s → %s', (code1C, canEdit, expected) => expect(isEditablePoint({ canEdit, status: { code1C } })).toBe(expected));
});
