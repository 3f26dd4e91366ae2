import { safeFileName } from './file-name';

/**
 * Downloads of files that need the bearer token (a plain link cannot send it): the answer is read as a blob and handed
 * to the browser through a temporary object URL, under the cleaned file name (file-name.ts, the one cleaning).
 */

/** File name from Content-Disposition (RFC 6266: `filename*` first, then `filename`), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() || null;
}

/** How long the object URL lives after the click (the browser has started the download by then). */
const REVOKE_AFTER_MS = 30_000;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = safeFileName(fileName);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
