import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';

export type { ToastOptions } from './toast-options';
import type { ToastOptions } from './toast-options';

type View = ComponentType<{ onReady: (create: (options: ToastOptions) => void) => void }>;

// The toast view (Chakra Toaster, zag toast machine: ~15 KiB gzip) is loaded after the first paint (preloadToaster,
// called at idle time by the app) or by the first toast; toasts asked for before it is mounted wait and then show.
let attempt = 0;
let loading = false;
const listeners = new Set<() => void>();
let queue: ToastOptions[] = [];
let show: ((options: ToastOptions) => void) | null = null;

export function preloadToaster(): void {
  if (loading || show) return;
  loading = true;
  attempt += 1;
  listeners.forEach((l) => l());
}

function onReady(create: (options: ToastOptions) => void): void {
  show = create;
  const waiting = queue;
  queue = [];
  waiting.forEach(create);
}

export const toaster = {
  create(options: ToastOptions): void {
    if (show) show(options);
    else {
      queue.push(options);
      preloadToaster();
    }
  },
};

export function notifySuccess(title: string): void {
  toaster.create({ type: 'success', title, closable: true, duration: 4000 });
}

export function notifyError(title: string): void {
  toaster.create({ type: 'error', title, closable: true, duration: 8000 });
}

/** A done action that can be taken back: the toast offers «Отменить» for a while. */
export function notifyUndoable(title: string, onUndo: () => void): void {
  toaster.create({ type: 'info', title, closable: true, duration: 10000, action: { label: 'Отменить', onClick: onUndo } });
}

export function notifyInfo(title: string): void {
  toaster.create({ type: 'info', title, closable: true, duration: 5000 });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function Toaster() {
  const wanted = useSyncExternalStore(subscribe, () => attempt, () => 0);
  const [view, setView] = useState<{ Component: View } | null>(null);
  useEffect(() => {
    if (!wanted || view) return;
    let live = true;
    import('./toaster-view').then(
      (m) => live && setView({ Component: m.default }),
      // Not loaded (offline without the service worker): the next toast tries again.
      () => {
        loading = false;
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, view]);
  return view ? <view.Component onReady={onReady} /> : null;
}
