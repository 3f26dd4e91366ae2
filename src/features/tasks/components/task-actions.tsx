import { Button, Dialog, Flex, Portal, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { errorToastText } from '@/lib/api/errors';
import { DIALOG_WIDTH } from '@/lib/limits';
import { notifyError, notifySuccess } from '@/components/toaster';
import { OFFLINE_ACTION_REFUSED_TEXT, useOnline } from '@/lib/offline/connectivity';
import { useHoldPoint } from '../api/hold';
import { useCancelHold } from '../api/hold-cancel';
import { useReturnToEdit } from '../api/to-edit';
import { useArchivePoint } from '../api/archive';
import { useUnarchivePoint } from '../api/unarchive';
import { downloadPdf, downloadZip } from '../api/downloads';
import type { TaskButtons } from '../task-buttons';
import { DialogCloseX } from '@/components/dialog-close';
import { DialogFormFooter } from '@/components/form-dialog';

/**
 * SPEC §2 task preview buttons and their toasts (SPEC §8): "Отозвать заявку" (confirmation, max width 400),
 * "Вернуться к редактированию", "Отменить отзыв", "Переместить в архив", "Вернуть из архива", "Скачать zip",
 * "Выгрузка в PDF"; the signing button comes from the signing feature through `signAction`.
 */
export function TaskActions({ pointId, buttons, signAction }: { pointId: number; buttons: TaskButtons; signAction?: ReactNode }) {
  const hold = useHoldPoint();
  const cancelHold = useCancelHold();
  const toEdit = useReturnToEdit();
  const archive = useArchivePoint();
  const unarchive = useUnarchivePoint();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [downloading, setDownloading] = useState<'zip' | 'pdf' | null>(null);

  // mutateAsync: the toast must show even when the refetched point switches the page to the editable form. A failure
  // is toasted by the query client's one error handler (the hooks' meta carries the SPEC §8 text).
  const act = async (mutation: { mutateAsync: (id: number) => Promise<unknown> }, success: string, after?: () => void) => {
    try {
      await mutation.mutateAsync(pointId);
    } catch {
      return;
    }
    notifySuccess(success);
    after?.();
  };

  const download = async (kind: 'zip' | 'pdf') => {
    setDownloading(kind);
    try {
      await (kind === 'zip' ? downloadZip(pointId) : downloadPdf(pointId));
    } catch (error) {
      notifyError(errorToastText(error, kind === 'zip' ? 'Не удалось скачать архив документов' : 'Не удалось сформировать PDF'));
    } finally {
      setDownloading(null);
    }
  };

  // Offline the server's actions are unavailable, said beside them (downloads of files already fetched still work).
  const online = useOnline();
  const busy = hold.isPending || cancelHold.isPending || toEdit.isPending || archive.isPending || unarchive.isPending || !online;
  const anyAction = buttons.withdraw || buttons.cancelHold || buttons.returnToEdit || buttons.toArchive || buttons.fromArchive;

  return (
    <>
      {!online && anyAction && (
        <Text fontSize="sm" color="fg.muted" data-testid="offline-actions">
          {OFFLINE_ACTION_REFUSED_TEXT}
        </Text>
      )}
      <Flex gap="2" wrap="wrap" role="toolbar" aria-label="Действия с задачей">
        {signAction}
        {buttons.withdraw && (
          <Button variant="outline" colorPalette="red" disabled={busy} onClick={() => setConfirmOpen(true)}>
            Отозвать заявку
          </Button>
        )}
        {buttons.cancelHold && (
          <Button variant="outline" disabled={busy} loading={cancelHold.isPending} onClick={() => void act(cancelHold, 'Отзыв отменен')}>
            Отменить отзыв
          </Button>
        )}
        {buttons.returnToEdit && (
          <Button variant="outline" disabled={busy} loading={toEdit.isPending} onClick={() => void act(toEdit, 'Точка возвращена к редактированию')}>
            Вернуться к редактированию
          </Button>
        )}
        {buttons.toArchive && (
          <Button variant="outline" disabled={busy} loading={archive.isPending} onClick={() => void act(archive, 'Проектная точка добавлена в архив')}>
            Переместить в архив
          </Button>
        )}
        {buttons.fromArchive && (
          <Button variant="outline" disabled={busy} loading={unarchive.isPending} onClick={() => void act(unarchive, 'Проектная точка удалена из архива')}>
            Вернуть из архива
          </Button>
        )}
        <Button variant="ghost" loading={downloading === 'zip'} onClick={() => void download('zip')}>
          Скачать zip
        </Button>
        <Button variant="ghost" loading={downloading === 'pdf'} onClick={() => void download('pdf')}>
          Выгрузка в PDF
        </Button>
      </Flex>

      <Dialog.Root open={confirmOpen} onOpenChange={(e) => setConfirmOpen(e.open)} role="alertdialog" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW={`${DIALOG_WIDTH.confirm}px`} mx="4">
              <Dialog.Header>
                <Dialog.Title>Отозвать заявку</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>Вы уверены, что хотите отозвать заявку?</Text>
              </Dialog.Body>
              <DialogFormFooter
                onCancel={() => setConfirmOpen(false)}
                actionLabel="Отозвать"
                onAction={() => void act(hold, 'Действие успешно выполнено', () => setConfirmOpen(false))}
                pending={hold.isPending}
                colorPalette="red"
              />
              <DialogCloseX />
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
