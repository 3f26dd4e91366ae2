/**
 * What an upload's row says of its progress (DESIGN.md "Attachments offline"): a small module of its own, so the
 * questionnaire's first load carries these words and not the upload transport (api/upload-transport.ts), which loads
 * with the first upload.
 */
const MIB = 1_048_576;
const KIB = 1_024;
const NBSP = '\u00A0';

/** Whole percent sent, 0..100: 100 only for the whole body (0 while the total is unknown). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  if (loaded >= total) return 100;
  return Math.min(99, Math.floor((loaded / total) * 100));
}

/** «42 % — 1,3 из 3,0 МБ», «7 % — 120 из 700 КБ» (1 МБ = 1 048 576 bytes), non-breaking spaces kept together. */
export function uploadProgressText(loaded: number, total: number): string {
  // One unit for both numbers, the file's: «0 из 102 400 КБ» would hide what a 100 МБ file is.
  const inMib = total >= MIB;
  const amount = (bytes: number) => (inMib ? groupDigits((Math.round((bytes / MIB) * 10) / 10).toFixed(1)) : groupDigits(String(Math.round(bytes / KIB))));
  const unit = inMib ? 'МБ' : 'КБ';
  return `${uploadPercent(loaded, total)}${NBSP}%${NBSP}— ${amount(loaded)} из${NBSP}${amount(total)}${NBSP}${unit}`;
}

/** Russian number format: a comma before decimals, thousands grouped with non-breaking spaces. */
function groupDigits(number: string): string {
  const [whole = '', fraction] = number.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return fraction === undefined ? grouped : `${grouped},${fraction}`;
}
