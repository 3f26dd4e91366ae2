import { describe, expect, it } from 'vitest';
import { CODE_PPP_MESSAGE, codePppError } from './code-ppp';

describe('codePppError (SPEC §5 codePpp 7 characters)', () => {
  it.each([
    ['', null],
    ['0000101', null],
    ['000010', CODE_PPP_MESSAGE],
    ['00001011', CODE_PPP_MESSAGE],
    ['АБВГДЕЖ', null],
  ])('%j → %j', (value, expected) => expect(codePppError(value)).toBe(expected));
});
