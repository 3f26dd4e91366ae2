import { describe, expect, it } from 'vitest';
import { displayFileName } from './file-name';

describe('displayFileName', () => {
  it.each([
    ['Счёт\u202Efdp.exe', 'Счётfdp.exe'],
    ['имя\u0001\u001f\u007f.pdf', 'имя.pdf'],
    ['a\u2066b\u2069c\u200f.txt', 'abc.txt'],
    ['Смета «итог» 😀 №1.pdf', 'Смета «итог» 😀 №1.pdf'],
    ['../../etc/passwd', '../../etc/passwd'],
  ])('%j → %j', (name, shown) => expect(displayFileName(name)).toBe(shown));
});
