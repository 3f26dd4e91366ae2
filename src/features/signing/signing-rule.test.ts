import { describe, expect, it } from 'vitest';
import { ATTORNEY_REQUIRED_TEXT, CHOOSE_CERTIFICATE_TEXT, canSignPoint, signDialogProblems } from './signing-rule';

describe('signing rule (SPEC §4)', () => {
  it.each([
    ['SIGNING_REQUIRED', true, true, true, true],
    ['REVIEW_WITH_SIGNING', true, true, true, true],
    ['SIGNING_REQUIRED', true, true, false, false],
    ['SIGNING_REQUIRED', false, true, true, false],
    ['SIGNING_REQUIRED', true, false, true, false],
    ['IN_PROCESSING', true, true, true, false],
    ['NEW', true, true, true, false],
    ['SUSPENDED', true, true, true, false],
  ])('%s signable=%s canSign=%s plugin=%s → %s', (code, signable, canSign, plugin, expected) => {
    expect(canSignPoint({ status: { code1C: code }, signable, canSign }, plugin)).toBe(expected);
  });

  it('treats a missing signable flag as not signable', () => {
    expect(canSignPoint({ status: { code1C: 'SIGNING_REQUIRED' }, canSign: true }, true)).toBe(false);
  });
});

describe('certificate dialog checks', () => {
  it.each([
    [{ certificateChosen: false, attorneyRequired: false, attorneyLoaded: false, withoutAttorney: false }, [CHOOSE_CERTIFICATE_TEXT]],
    [{ certificateChosen: true, attorneyRequired: false, attorneyLoaded: false, withoutAttorney: false }, []],
    [{ certificateChosen: true, attorneyRequired: true, attorneyLoaded: false, withoutAttorney: false }, [ATTORNEY_REQUIRED_TEXT]],
    [{ certificateChosen: true, attorneyRequired: true, attorneyLoaded: true, withoutAttorney: false }, []],
    [{ certificateChosen: true, attorneyRequired: true, attorneyLoaded: false, withoutAttorney: true }, []],
    [{ certificateChosen: false, attorneyRequired: true, attorneyLoaded: false, withoutAttorney: false }, [CHOOSE_CERTIFICATE_TEXT, ATTORNEY_REQUIRED_TEXT]],
  ])('%o → %o', (input, problems) => {
    expect(signDialogProblems(input)).toEqual(problems);
  });
});
