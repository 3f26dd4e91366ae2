/**
 * A file name from the server as the user should see it: control characters and bidi overrides removed, so that
 * "Счёт\u202Efdp.exe" reads "Счётfdp.exe" (as it will be saved), not the spoofed "Счётexe.pdf". Other Unicode
 * (Cyrillic, emoji, guillemets) is kept intact.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const INVISIBLE = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const displayFileName = (name: string): string => name.replace(INVISIBLE, '');
