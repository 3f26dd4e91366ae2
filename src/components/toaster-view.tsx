import { useEffect, useState } from 'react';
import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';
import type { ToastOptions } from './toast-options';
import { toastLift } from './toast-placement';
import { TOAST_OFFSET_RIGHT_VAR, TOAST_OFFSET_VAR, toastLayer } from './use-toast-clearance';

/** How far the stack is moved up from its place so as not to cover the focused field (useClearOfFocus). */
const LIFT_VAR = '--toast-lift';
/** Zag's default gap between stacked toasts (px). */
const GAP = 16;

/**
 * Toasts sit bottom-right (SPEC §9), above a bar stuck to the bottom of the screen when one is shown
 * and beside a panel open on the right (useToastClearance and useToastSideClearance set the variables), and away from
 * the focused field (useClearOfFocus).
 */
const toaster = createToaster({
  placement: 'bottom-end',
  pauseOnPageIdle: true,
  max: 5,
  gap: GAP,
  offsets: {
    top: '1rem',
    left: '1rem',
    right: `var(${TOAST_OFFSET_RIGHT_VAR}, 1rem)`,
    bottom: `calc(var(${TOAST_OFFSET_VAR}, 1rem) + var(${LIFT_VAR}, 0px))`,
  },
});

/** The group's name: zag's default is English («Notifications, bottom-end (alt+T)»); Alt+T moves the focus to it. */
const REGION_LABEL = 'Всплывающие сообщения (Alt+T)';

/**
 * Whether the last input was a touch (or a pen). A finger leaves the browser's pointer where it lifted: the mouse
 * events the browser makes up for a tap (and for a toast appearing under that spot) made zag pause the toasts «on
 * hover» until the next tap elsewhere (issue 50: two toasts held for ~12 s). A real mouse moving, or a key, ends it.
 */
let touched = false;
let touchX = 0;
let touchY = 0;
function trackInput(): () => void {
  const down = (e: PointerEvent) => {
    touched = e.pointerType !== 'mouse';
    touchX = e.clientX;
    touchY = e.clientY;
  };
  const move = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && (Math.abs(e.clientX - touchX) > 1 || Math.abs(e.clientY - touchY) > 1)) touched = false;
  };
  const key = () => {
    touched = false;
  };
  document.addEventListener('pointerdown', down, true);
  document.addEventListener('pointermove', move, true);
  document.addEventListener('keydown', key, true);
  return () => {
    document.removeEventListener('pointerdown', down, true);
    document.removeEventListener('pointermove', move, true);
    document.removeEventListener('keydown', key, true);
  };
}

/** After zag's own handler (ours runs first, merged): a hover or a focus that came from a touch does not pause. */
const resumeAfterTouch = () => {
  if (touched) setTimeout(() => touched && toaster.resume(), 0);
};

/** What counts as a field a toast must not cover (a control one types in or picks from). */
const FIELD =
  'input:not([type="button"],[type="submit"],[type="reset"],[type="image"],[type="hidden"]), textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"], [role="searchbox"], [role="spinbutton"]';

/**
 * Keeps the toast stack off the focused field (issue 50: on a phone they covered the field being typed in): whenever
 * the focus, the toasts, the scroll or the visible part of the screen (an on-screen keyboard) change, the stack is
 * placed by toastLift through a variable of the toast layer.
 */
function useClearOfFocus(layer: HTMLElement) {
  useEffect(() => {
    let lift = 0;
    let frame = 0;
    const place = () => {
      frame = 0;
      const group = layer.querySelector<HTMLElement>('[data-part="group"]');
      const open = group ? [...group.querySelectorAll<HTMLElement>('[data-part="root"][data-state="open"]')] : [];
      const active = document.activeElement;
      const field = active instanceof HTMLElement && !layer.contains(active) && active.matches(FIELD) ? active.getBoundingClientRect() : null;
      let next = 0;
      if (group && open.length && field) {
        const bottom = group.getBoundingClientRect().bottom + lift;
        const height = open.reduce((sum, el) => sum + el.offsetHeight, 0) + GAP * (open.length - 1);
        const boxes = open.map((el) => el.getBoundingClientRect());
        const view = window.visualViewport;
        next = toastLift({
          stack: { top: bottom - height, bottom, left: Math.min(...boxes.map((b) => b.left)), right: Math.max(...boxes.map((b) => b.right)) },
          field,
          visible: view ? { top: view.offsetTop, bottom: view.offsetTop + view.height } : { top: 0, bottom: window.innerHeight },
          gap: GAP,
        });
      }
      if (next === lift) return;
      lift = next;
      if (lift) layer.style.setProperty(LIFT_VAR, `${lift}px`);
      else layer.style.removeProperty(LIFT_VAR);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(place);
    };
    const changes = new MutationObserver(schedule);
    changes.observe(layer, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
    const view = window.visualViewport;
    document.addEventListener('focusin', schedule);
    document.addEventListener('focusout', schedule);
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    view?.addEventListener('resize', schedule);
    view?.addEventListener('scroll', schedule);
    const untrack = trackInput();
    return () => {
      untrack();
      changes.disconnect();
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', schedule);
      document.removeEventListener('focusout', schedule);
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, { capture: true });
      view?.removeEventListener('resize', schedule);
      view?.removeEventListener('scroll', schedule);
      layer.style.removeProperty(LIFT_VAR);
    };
  }, [layer]);
}

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
  useClearOfFocus(layer.current);
  return (
    <Portal container={layer}>
      <ChakraToaster
        toaster={toaster}
        insetInline={{ mdDown: '4' }}
        aria-label={REGION_LABEL}
        onMouseEnter={resumeAfterTouch}
        onMouseMove={resumeAfterTouch}
        onFocus={resumeAfterTouch}
      >
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
