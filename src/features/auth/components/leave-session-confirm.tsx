import { ConfirmDialog } from '@/components/confirm-dialog';
import type { LeaveKind } from './leave-session-dialog';

/** Texts of the warning (DESIGN.md "Offline drafts": sign-out purges local drafts only after warning about unsent ones). */
export const LEAVE_TEXTS: Record<LeaveKind, { title: string; message: string; confirm: string }> = {
  'sign-out': {
    title: 'Выйти из кабинета?',
    message: 'Есть неотправленные изменения: они сохранены только на этом устройстве и будут удалены при выходе. Выйти всё равно?',
    confirm: 'Выйти',
  },
  return: {
    title: 'Вернуться к своей учётной записи?',
    message:
      'Есть неотправленные изменения пользователя: они сохранены только на этом устройстве и будут удалены при возврате к своей учётной записи. Вернуться всё равно?',
    confirm: 'Вернуться',
  },
};

/** The unsent-edits warning of a sign-out or a return from "log in as" (a Chakra confirmation, SPEC §9 width 400). */
export function LeaveSessionConfirm(props: { kind: LeaveKind; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  const texts = LEAVE_TEXTS[props.kind];
  return (
    <ConfirmDialog
      open
      title={texts.title}
      message={texts.message}
      confirmLabel={texts.confirm}
      pending={props.pending}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
