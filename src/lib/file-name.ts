/**
 * The one cleaning of file names (storage, zip entries, Content-Disposition of the reference back end, and every screen):
 * a name that is safe and honest on every client and file system.
 * - no directories (../, ..\\): only the last segment stays;
 * - no control or bidi-override characters, so "Счёт\u202Efdp.exe" reads "Счётfdp.exe" (as it will be saved), not the
 *   spoofed "Счётexe.pdf";
 * - none of <>:"|? and * (replaced by _), no leading or trailing dots and spaces;
 * - no Windows device names (CON, PRN, AUX, NUL, COM1…, LPT1…): they get a leading _;
 * - at most 200 characters (code points: an emoji is never cut in half), keeping the extension; "file" when nothing is left.
 * Cyrillic, emoji, guillemets and other Unicode stay as they are.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped
const INVISIBLE = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const FILE_NAME_MAX_CHARS = 200;

export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(INVISIBLE, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .replace(/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i, '_$1$2');
  const chars = Array.from(cleaned);
  if (chars.length <= FILE_NAME_MAX_CHARS) return cleaned || 'file';
  const ext = /\.[^.\s]{1,10}$/.exec(cleaned)?.[0] ?? '';
  return chars.slice(0, FILE_NAME_MAX_CHARS - ext.length).join('') + ext;
}

/** A file name from the server as the screens show it: the same cleaning as the server's (one function). */
export const displayFileName = safeFileName;
