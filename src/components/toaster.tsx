import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/** Toasts sit bottom-right (SPEC §9). */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 5 });

export function notifySuccess(title: string): void {
  toaster.create({ type: 'success', title, closable: true, duration: 4000 });
}

export function notifyError(title: string): void {
  toaster.create({ type: 'error', title, closable: true, duration: 8000 });
}

export function notifyInfo(title: string): void {
  toaster.create({ type: 'info', title, closable: true, duration: 5000 });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} role={toast.type === 'error' ? 'alert' : 'status'}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger aria-label="Закрыть" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
