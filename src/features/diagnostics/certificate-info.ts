import { DateTime } from 'luxon';
import { MOSCOW_ZONE } from '@/lib/limits';
import type { CertificateInfo } from '@/lib/signing-provider';

/** SPEC §4 "Certificate status": valid until the end date, otherwise "Срок действия истек". */
export function certificateState(cert: Pick<CertificateInfo, 'validFrom' | 'validTo'>, now: number): { text: string; usable: boolean } {
  const to = Date.parse(cert.validTo);
  if (!Number.isFinite(to) || to < now) return { text: 'Срок действия истек', usable: false };
  const from = Date.parse(cert.validFrom);
  if (Number.isFinite(from) && from > now) return { text: 'Срок действия не наступил', usable: false };
  return { text: 'Действителен', usable: true };
}

/** SPEC §9: certificates DD.MM.YYYY HH:mm. */
export function formatCertDate(iso: string): string {
  const d = DateTime.fromISO(iso, { zone: MOSCOW_ZONE });
  return d.isValid ? d.setZone(MOSCOW_ZONE).toFormat('dd.MM.yyyy HH:mm') : iso;
}

/** Owner or issuer as a person reads it: the CN when there is one. */
export function readableName(dn: string): string {
  const m = /(?:^|,\s*)CN=(?:"((?:[^"]|"")*)"|([^,]*))/.exec(dn);
  const value = m ? (m[1] !== undefined ? m[1].replace(/""/g, '"') : (m[2] ?? '')) : '';
  return value.trim() || dn.trim();
}

/** UTF-8 text → base64 (the plug-in signs base64 content). */
export function textToBase64(text: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary);
}
