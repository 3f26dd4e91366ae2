/** SPEC §4 "Point status codes used by the form": editable only when canEdit is also true. */
export const EDITABLE_STATUSES = ['NEW', 'FILLING', 'NEEDS_IMPROVEMENTS', 'SUSPENDED', 'RETURN_TO_EDIT'] as const;

export function isEditablePoint(point: { canEdit: boolean; status: { code1C: string } }): boolean {
  return point.canEdit && (EDITABLE_STATUSES as readonly string[]).includes(point.status.code1C);
}
