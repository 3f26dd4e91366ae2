import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Closing a form with unsaved typed text asks «Закрыть без сохранения?» first (Esc, ✕, overlay click or «Отмена»):
 * «Нет» keeps the text, «Закрыть» closes. `requestClose` is what the dialog's close paths call; render `question`
 * inside the dialog.
 */
export function useDiscardGuard(dirty: boolean, close: () => void) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : close());
  const question = (
    <ConfirmDialog
      open={asking}
      title="Закрыть без сохранения?"
      message="Введённые данные не сохранятся."
      cancelLabel="Нет"
      confirmLabel="Закрыть"
      onClose={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        close();
      }}
    />
  );
  return { requestClose, question };
}
