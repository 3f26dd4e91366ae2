/**
 * SPEC §4 "Signing rule": a point can be signed only when its status is "Требуется подпись" or "Требуется подписать
 * отзыв", the point is signable, the user canSign, and the certificate plug-in is available.
 */
export const SIGNABLE_STATUSES = ['SIGNING_REQUIRED', 'REVIEW_WITH_SIGNING'];

export interface SigningRuleInput {
  status: { code1C: string };
  signable?: boolean;
  canSign: boolean;
}

export function canSignPoint(point: SigningRuleInput, pluginAvailable: boolean): boolean {
  return SIGNABLE_STATUSES.includes(point.status.code1C) && point.signable === true && point.canSign && pluginAvailable;
}

export const ATTORNEY_REQUIRED_TEXT = 'Для подписания необходимо загрузить МЧД или отметить чек-бокс о подписании от имени организации';
export const CHOOSE_CERTIFICATE_TEXT = 'Выберите сертификат для подписи.';

/** What stops the "Подписать" button of the certificate dialog (SPEC §4 sequence, §5 "Signing", §8 attorney). */
export function signDialogProblems(input: {
  certificateChosen: boolean;
  attorneyRequired: boolean;
  attorneyLoaded: boolean;
  withoutAttorney: boolean;
}): string[] {
  const problems: string[] = [];
  if (!input.certificateChosen) problems.push(CHOOSE_CERTIFICATE_TEXT);
  if (input.attorneyRequired && !input.attorneyLoaded && !input.withoutAttorney) problems.push(ATTORNEY_REQUIRED_TEXT);
  return problems;
}
