import { DateTime } from 'luxon';
import { MOSCOW_ZONE } from '@/lib/limits';
import type { CertificateInfo } from '@/lib/signing-provider';

export const EXPIRED_TEXT = 'Срок действия истек';
export const VALID_TEXT = 'Действителен';
export const NOT_YET_VALID_TEXT = 'Срок действия не наступил';

/** SPEC §4 "Certificate status": valid until the end date, otherwise "Срок действия истек" (not selectable). */
export function certificateStatus(cert: Pick<CertificateInfo, 'validFrom' | 'validTo'>, now: number): { text: string; selectable: boolean } {
  const to = Date.parse(cert.validTo);
  if (!Number.isFinite(to) || to < now) return { text: EXPIRED_TEXT, selectable: false };
  const from = Date.parse(cert.validFrom);
  if (Number.isFinite(from) && from > now) return { text: NOT_YET_VALID_TEXT, selectable: false };
  return { text: VALID_TEXT, selectable: true };
}

/** SPEC §9: certificate dates DD.MM.YYYY HH:mm (Moscow time, like every time in the cabinet). */
export function formatCertificateDate(iso: string): string {
  const date = DateTime.fromISO(iso, { zone: MOSCOW_ZONE });
  return date.isValid ? date.setZone(MOSCOW_ZONE).toFormat('dd.MM.yyyy HH:mm') : iso;
}

export function validityText(cert: Pick<CertificateInfo, 'validFrom' | 'validTo'>): string {
  return `${formatCertificateDate(cert.validFrom)} – ${formatCertificateDate(cert.validTo)}`;
}
