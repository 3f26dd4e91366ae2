/** Status chips are coloured by status (SPEC §2 "My tasks"): one Chakra palette per status code of SPEC §4. */
export const STATUS_PALETTE: Record<string, string> = {
  NEW: 'blue',
  FILLING: 'cyan',
  IN_PROCESSING: 'purple',
  NEEDS_IMPROVEMENTS: 'orange',
  NO_ACTION_REQUIRED: 'gray',
  PROCESSING_REQUIRED: 'yellow',
  SENT_TO_MANAGER: 'purple',
  COMPLETED: 'green',
  SUSPENDED: 'gray',
  SIGNING_REQUIRED: 'red',
  REJECTED: 'red',
  REVIEW_WITH_SIGNING: 'pink',
  RETURN_TO_EDIT: 'teal',
  EXTERNAL_PROCESSING: 'purple',
};

export function statusPalette(code: string | null | undefined, sort?: number): string {
  if (code && STATUS_PALETTE[code]) return STATUS_PALETTE[code]!;
  return sort !== undefined && sort >= 1000 ? 'green' : 'gray';
}
