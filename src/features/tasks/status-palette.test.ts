import { describe, expect, it } from 'vitest';
import { STATUS_PALETTE, statusPalette } from './status-palette';

// SPEC §4 "Task statuses" codes.
const CODES = ['NEW', 'FILLING', 'IN_PROCESSING', 'NEEDS_IMPROVEMENTS', 'NO_ACTION_REQUIRED', 'PROCESSING_REQUIRED', 'SENT_TO_MANAGER', 'COMPLETED', 'SUSPENDED', 'SIGNING_REQUIRED', 'REJECTED', 'REVIEW_WITH_SIGNING', 'RETURN_TO_EDIT', 'EXTERNAL_PROCESSING'];

describe('status chips', () => {
  it('every SPEC status has its colour', () => {
    for (const code of CODES) expect(STATUS_PALETTE[code], code).toBeTruthy();
  });

  it('unknown statuses fall back by sort', () => {
    expect(statusPalette('SOMETHING_NEW', 1200)).toBe('green');
    expect(statusPalette(null, 10)).toBe('gray');
  });
});
