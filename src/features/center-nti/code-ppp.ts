/** SPEC §5: "codePpp 7 characters: «Номер Центра НТИ в системе 1С 7 символов»". */
export const CODE_PPP_LENGTH = 7;
export const CODE_PPP_MESSAGE = 'Номер Центра НТИ в системе 1С 7 символов';

/** The message for a codePpp value, or null when it is valid (empty values are the "required" rule's business). */
export function codePppError(value: string): string | null {
  if (value === '') return null;
  return value.length === CODE_PPP_LENGTH ? null : CODE_PPP_MESSAGE;
}
