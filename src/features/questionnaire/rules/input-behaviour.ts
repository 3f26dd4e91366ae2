/**
 * SPEC §5 "Input behaviour": pure transformations of what the user types into what is stored. Dates are in dates.ts:
 * this module is also in every signed-in screen's first load (the profile's phone field), dates only in the form's.
 */

// ------------------------------------------------------------------ phone: mask +7 (###) ###-##-##, country RU

export const PHONE_MASK = '+7 (###) ###-##-##';

/**
 * Formats typed digits into the mask. The country code is Russia by default: a leading 7 or 8 of an 11-digit
 * number is the country/trunk prefix and is replaced by +7.
 */
export function formatPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+7')) digits = digits.slice(1);
  else if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) digits = digits.slice(1);
  else if (digits.length > 10 && (digits[0] === '7' || digits[0] === '8')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  let out = '';
  let i = 0;
  for (const ch of PHONE_MASK) {
    if (i >= digits.length) break;
    if (ch === '#') out += digits[i++];
    else out += ch;
  }
  return out;
}

// ------------------------------------------------------------------ url: https:// prefix

/**
 * Prefixes https:// when the user has not started typing an http(s) prefix: "example.ru" → "https://example.ru",
 * while "h", "htt", "http:/" are left alone because they may become a prefix.
 */
export function withUrlPrefix(value: string): string {
  const trimmed = value.trimStart();
  if (trimmed === '') return '';
  const lower = trimmed.toLowerCase();
  if (lower.startsWith('http://') || lower.startsWith('https://')) return trimmed;
  if ('https://'.startsWith(lower) || 'http://'.startsWith(lower)) return trimmed;
  return `https://${trimmed}`;
}

// ------------------------------------------------------------------ number: blocked keys

/** Keys a number field refuses: + - e . and space (SPEC §5). */
export const BLOCKED_NUMBER_KEYS = new Set(['+', '-', 'e', 'E', '.', ' ']);

export const isBlockedNumberKey = (key: string) => BLOCKED_NUMBER_KEYS.has(key);

/** Pasted or dropped text keeps its digits only (the same characters stay blocked). */
export const sanitizeNumber = (value: string) => value.replace(/\D/g, '');

// ------------------------------------------------------------------ select with "Другое"

export const OTHER_OPTION = 'Другое';

/** A stored select-other value → the chosen option and the free text ("Другое" + text when not an option). */
export function parseSelectOther(stored: string, optionValues: readonly string[]): { choice: string; other: string } {
  if (stored === '') return { choice: '', other: '' };
  if (optionValues.includes(stored) && stored !== OTHER_OPTION) return { choice: stored, other: '' };
  return { choice: OTHER_OPTION, other: stored === OTHER_OPTION ? '' : stored };
}

/** The stored value: the option, or the free text when "Другое" is chosen (empty until something is typed). */
export function composeSelectOther(choice: string, other: string): string {
  return choice === OTHER_OPTION ? other.trim() === '' ? '' : other : choice;
}

// ------------------------------------------------------------------ checkbox lists stored as JSON

export function parseCheckboxValue(stored: unknown): string[] {
  if (typeof stored !== 'string' || stored === '') return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [stored];
  }
}

export function toggleCheckboxValue(stored: unknown, option: string, checked: boolean): string {
  const current = parseCheckboxValue(stored).filter((v) => v !== option);
  return JSON.stringify(checked ? [...current, option] : current);
}
