import { describe, expect, it } from 'vitest';
import { isEditablePoint } from './editable';

describe('SPEC §4: which points the form edits', () => {
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
  ])('%s with canEdit=%s → %s', (code1C, canEdit, expected) => expect(isEditablePoint({ canEdit, status: { code1C } })).toBe(expected));
});
