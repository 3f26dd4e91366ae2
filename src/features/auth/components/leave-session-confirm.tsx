import { ConfirmDialog } from '@/components/confirm-dialog';
import type { LeaveKind } from './leave-session-dialog';

/** Texts of the warning (DESIGN.md "Offline drafts": sign-out purges local drafts only after warning about unsent ones). */
export const LEAVE_TEXTS: Record<LeaveKind, { title: string; message: string; question: string; confirm: string }> = {
  'sign-out': {
    title: 'Выйти из кабинета?',
    message: 'Есть неотправленные изменения: они сохранены только на этом устройстве и будут удалены при выходе.',
    question: 'Выйти всё равно?',
    confirm: 'Выйти',
  },
  return: {
    title: 'Вернуться к своей учётной записи?',
    message: 'Есть неотправленные изменения пользователя: они сохранены только на этом устройстве и будут удалены при возврате к своей учётной записи.',
    question: 'Вернуться всё равно?',
    confirm: 'Вернуться',
  },
};

/** The warning names the files that would be lost (DESIGN.md "Attachments offline": sign-out names them). */
export function leaveMessage(kind: LeaveKind, files: readonly string[]): string {
  const { message, question } = LEAVE_TEXTS[kind];
  const names = files.map((name) => `«${name}»`).join(', ');
  const which = !files.length ? '' : files.length === 1 ? `Среди них файл ${names}: он не загружен на сервер.` : `Среди них файлы ${names}: они не загружены на сервер.`;
  return [message, which, question].filter(Boolean).join(' ');
}

/** The unsent-edits warning of a sign-out or a return from "log in as" (a Chakra confirmation, SPEC §9 width 400). */
export function LeaveSessionConfirm(props: { kind: LeaveKind; files?: readonly string[]; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  const texts = LEAVE_TEXTS[props.kind];
  return (
    <ConfirmDialog
      open
      title={texts.title}
      message={leaveMessage(props.kind, props.files ?? [])}
      confirmLabel={texts.confirm}
      pending={props.pending}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
