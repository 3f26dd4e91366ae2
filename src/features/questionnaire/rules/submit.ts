import { formatMoscowIso } from '@/lib/moscow-time';

/** SPEC §2: expert in vote mode "Перейти к отправке"; vote mode "Сформировать файл голосования"; otherwise "Сформировать для отправки". */
export function submitLabel(options: { voteMode: boolean; expert: boolean }): string {
  if (options.voteMode && options.expert) return 'Перейти к отправке';
  if (options.voteMode) return 'Сформировать файл голосования';
  return 'Сформировать для отправки';
}

/** The submit button is hidden until dateSubmitFrom has passed (SPEC §2). */
export function submitOpen(dateSubmitFrom: string | null | undefined, now: number): boolean {
  if (!dateSubmitFrom) return true;
  const at = Date.parse(dateSubmitFrom);
  return Number.isNaN(at) || at <= now;
}

/** The banner shown while sending is not yet available. */
export function submitBannerText(dateSubmitFrom: string): string {
  // Intl-based Moscow time, not luxon: luxon would add ~21 KiB gzip to the questionnaire's first load for one line.
  const [date, time] = (formatMoscowIso(dateSubmitFrom) ?? dateSubmitFrom).split(' ');
  return `Отправка заявки станет доступна ${date} в ${time ?? '00:00'} (МСК). Заполнять анкету можно уже сейчас — данные сохраняются автоматически.`;
}
