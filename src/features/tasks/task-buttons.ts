/** SPEC §4 "Signing rule": "Требуется подпись" or "Требуется подписать отзыв". */
export const SIGNING_STATUSES = ['SIGNING_REQUIRED', 'REVIEW_WITH_SIGNING'];

export interface PointFlags {
  status: { code1C: string };
  ownerId?: number | null;
  responsibleUserId?: number | null;
  canEdit: boolean;
  canSign: boolean;
  canHold: boolean;
  holdMode?: 'D' | 'S' | null;
  canReturnToEdit: boolean;
  canCencelHold: boolean;
  canAddToArchive: boolean;
  archive?: boolean;
  signable?: boolean;
}

export type SignLabel = 'Подписать и отправить' | 'Подписать отзыв';

export interface TaskButtons {
  withdraw: boolean;
  returnToEdit: boolean;
  cancelHold: boolean;
  toArchive: boolean;
  fromArchive: boolean;
  zip: true;
  pdf: true;
  /** The signing button's label, or null when the flags do not allow signing. */
  sign: SignLabel | null;
  /** SPEC §2: REVIEW_WITH_SIGNING with holdMode S — press "Подписать отзыв" to finish the withdrawal. */
  holdHint: boolean;
}

/** Button visibility of the task preview, driven by the server flags (SPEC §2 "Task preview", §4, §6). */
export function taskButtons(point: PointFlags, currentUserId: number): TaskButtons {
  const signStatus = SIGNING_STATUSES.includes(point.status.code1C);
  const mine = point.ownerId === currentUserId || point.responsibleUserId === currentUserId;
  return {
    // SPEC §4: withdraw is unavailable when holdMode is D.
    withdraw: point.canHold && point.holdMode !== 'D',
    returnToEdit: point.canReturnToEdit,
    cancelHold: point.canCencelHold,
    // SPEC §4: archiving is possible only when canAddToArchive.
    toArchive: point.canAddToArchive && point.archive !== true,
    fromArchive: point.archive === true && mine,
    zip: true,
    pdf: true,
    sign: signStatus && point.signable === true && point.canSign ? (point.status.code1C === 'REVIEW_WITH_SIGNING' ? 'Подписать отзыв' : 'Подписать и отправить') : null,
    holdHint: point.status.code1C === 'REVIEW_WITH_SIGNING' && point.holdMode === 'S',
  };
}
