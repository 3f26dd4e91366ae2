import type { ReactNode } from 'react';
import { Button, Dialog } from '@chakra-ui/react';
import { PausedActionNotice } from './offline/paused-action-notice';

export interface DialogFormFooterProps {
  /** «Отмена» (or `cancelLabel`): closes, or asks first when the dialog guards unsaved text. */
  onCancel: () => void;
  cancelLabel?: string;
  /** Each dialog keeps its own rule: most lock «Отмена» while their action runs, some never do. */
  cancelDisabled?: boolean;
  actionLabel: string;
  /** Without it the action button submits the dialog's form. */
  onAction?: () => void;
  pending?: boolean;
  loadingText?: string;
  /** The action's own rule (nothing chosen yet, data still loading). */
  actionDisabled?: boolean;
  colorPalette?: 'brand' | 'red';
}

/** The footer of the cabinet's dialogs: «Отмена» and the action, with their disabled and loading states. */
export function DialogFormFooter(props: DialogFormFooterProps) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={props.onCancel} disabled={props.cancelDisabled}>
        {props.cancelLabel ?? 'Отмена'}
      </Button>
      <Button
        type={props.onAction ? undefined : 'submit'}
        colorPalette={props.colorPalette}
        onClick={props.onAction}
        loading={props.pending}
        loadingText={props.loadingText}
        disabled={props.actionDisabled}
      >
        {props.actionLabel}
      </Button>
    </Dialog.Footer>
  );
}

/**
 * The footer of a dialog whose action is one mutation: above it the notice while the action waits for the network,
 * and «Отмена» locked and the action spinning while it runs.
 */
export function MutationDialogFooter({ mutation, ...props }: Omit<DialogFormFooterProps, 'pending' | 'cancelDisabled'> & { mutation: { isPending: boolean; isPaused: boolean } }) {
  return (
    <>
      <PausedActionNotice paused={mutation.isPaused} inDialog />
      <DialogFormFooter {...props} cancelDisabled={mutation.isPending} pending={mutation.isPending} />
    </>
  );
}

/** The footer of a dialog that only shows something: «Закрыть», then the way on from it when there is one. */
export function DialogCloseFooter({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onClose}>
        Закрыть
      </Button>
      {children}
    </Dialog.Footer>
  );
}
