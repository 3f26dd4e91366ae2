import { useEffect, useState } from 'react';
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import type { ToastOptions } from './toast-options';
import { TOAST_OFFSET_RIGHT_VAR, TOAST_OFFSET_VAR, toastLayer } from './use-toast-clearance';

/**
 * Toasts sit bottom-right (SPEC §9), above a bar stuck to the bottom of the screen when one is shown
 * and beside a panel open on the right (useToastClearance and useToastSideClearance set the variables).
 */
const toaster = createToaster({
  placement: 'bottom-end',
  pauseOnPageIdle: true,
  max: 5,
  offsets: { top: '1rem', left: '1rem', right: `var(${TOAST_OFFSET_RIGHT_VAR}, 1rem)`, bottom: `var(${TOAST_OFFSET_VAR}, 1rem)` },
});

/**
 * One toast per message: the same words asked for again while they are on screen (a submit button clicked five times
 * on an invalid questionnaire) update that toast instead of stacking copies of it. A toast with an action (an undo) is
 * always its own: each one takes back a different thing.
 */
export function withToastId(options: ToastOptions): ToastOptions & { id?: string; onStatusChange?: (details: { status: string }) => void } {
  // No id key at all for its own toast: zag spreads the options over the id it makes up.
  if (options.action) return options;
  const words = `${options.type}\n${options.title}\n${options.description ?? ''}`;
  const id = onScreen.get(words) ?? `${words}\n${++made}`;
  onScreen.set(words, id);
  return {
    ...options,
    id,
    // A toast on its way out (closed, or its time is up) is not updated: the message would leave with it.
    onStatusChange: ({ status }) => {
      if (status !== 'visible' && onScreen.get(words) === id) onScreen.delete(words);
    },
  };
}

/** Each message's toast that is on screen (not closing), by its words; `made` tells the toasts of one message apart. */
const onScreen = new Map<string, string>();
let made = 0;

/**
 * The toast region (Chakra Toaster and its state machine). Loaded after the first paint or by the first toast
 * (see toaster.tsx), so it is not part of the first-load JavaScript.
 */
export default function ToasterView({ onReady }: { onReady: (create: (options: ToastOptions) => void) => void }) {
  const [layer] = useState(() => ({ current: toastLayer() }));
  return (
    <Portal container={layer}>
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
      <Ready onReady={onReady} />
    </Portal>
  );
}

/**
 * Hands out `create` once the toast group above has started: its state machine starts in a microtask queued by its
 * layout effect and subscribes to the store then — a toast created earlier is not shown. This sibling's effect runs
 * after that layout effect and hands out `create` one task later, after the start.
 */
function Ready({ onReady }: { onReady: (create: (options: ToastOptions) => void) => void }) {
  useEffect(() => {
    let live = true;
    // A task, not a microtask: on a first load (a loader toasting before a redirect) the machine had not subscribed
    // yet when a microtask ran, and the waiting toast was lost (SPEC §8 "toast and a redirect").
    const timer = setTimeout(() => live && onReady((options) => void toaster.create(withToastId(options))), 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [onReady]);
  return null;
}
