import { formatMoscowIso } from '@/lib/moscow-time';

// SPEC §2 and §9: dates shown as DD.MM.YYYY (Moscow time), money in roubles.
/** ISO 8601 → DD.MM.YYYY in Moscow time; empty when absent or invalid. */
export function formatDate(iso: string | null | undefined): string {
  return formatMoscowIso(iso, false) ?? '';
}

export function formatRange(from: string | null | undefined, to: string | null | undefined): string {
  const a = formatDate(from);
  const b = formatDate(to);
  if (!a && !b) return '—';
  return `${a || '…'} – ${b || '…'}`;
}

/** Made once, on first use, not on every render of the details (the first NumberFormat of a page: ~90 ms at CPU 4×). */
let roubles: Intl.NumberFormat | undefined;

export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  roubles ??= new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
  return roubles.format(value);
}
