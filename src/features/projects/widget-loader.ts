/**
 * The external project widget (SPEC §2, §7: "Loading an external widget script with the project id and the stored
 * access token"). The script must define `window.ProjectWidget.init({element, projectId, token})`.
 *
 * It never runs in the app's document: it is loaded inside `/widget/frame.html` (public/widget/frame.js), an iframe
 * sandboxed to "allow-scripts" only. That document has an opaque origin, so the widget gets exactly what SPEC gives
 * it — the project id and the access token, sent by postMessage — and cannot read the app's local storage (the renew
 * token, an administrator's kept session during «Войти как»), its IndexedDB drafts, cookies or DOM. Whatever the
 * widget does — missing URL, 404, a script that throws, silence — the page keeps working and shows nothing.
 */
export const WIDGET_FRAME_URL = '/widget/frame.html';
export const WIDGET_LOAD_TIMEOUT_MS = 15_000;
/** A widget taller than this is cut (a runaway height report must not push the project page away). */
export const WIDGET_MAX_HEIGHT_PX = 600;
export const WIDGET_TITLE = 'Сводка по проекту';

type FrameMessage =
  | { type: 'project-widget:ready' }
  | { type: 'project-widget:mounted' }
  | { type: 'project-widget:failed'; reason?: unknown }
  | { type: 'project-widget:height'; height?: unknown };

export interface MountedWidget {
  /** True once the widget's init ran without throwing; false on any failure or time-out (never rejects). */
  ready: Promise<boolean>;
  /** Removes the frame (and with it everything the widget created). */
  destroy(): void;
}

export function mountProjectWidget(options: {
  url: string | null | undefined;
  container: HTMLElement;
  projectId: number;
  token: string | null;
  frameUrl?: string;
  timeoutMs?: number;
}): MountedWidget {
  const { url, container, projectId, token } = options;
  if (!url || !token) return { ready: Promise.resolve(false), destroy: () => undefined };
  const doc = container.ownerDocument;
  const win = doc.defaultView!;
  const frame = doc.createElement('iframe');
  // No "allow-same-origin": the widget's document gets an opaque origin. No forms, popups or top navigation either.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('title', WIDGET_TITLE);
  frame.setAttribute('referrerpolicy', 'no-referrer');
  frame.style.cssText = 'display:block;width:100%;height:0;border:0;';

  let settle: (ok: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => {
    settle = (ok) => {
      win.clearTimeout(timer);
      if (!ok) stop();
      resolve(ok);
      settle = () => undefined;
    };
  });
  const timer = win.setTimeout(() => {
    console.warn('project widget unavailable: no answer in time');
    settle(false);
  }, options.timeoutMs ?? WIDGET_LOAD_TIMEOUT_MS);

  const onMessage = (event: MessageEvent) => {
    if (event.source !== frame.contentWindow || !event.data || typeof event.data !== 'object') return;
    const message = event.data as FrameMessage;
    if (message.type === 'project-widget:ready') {
      const widgetUrl = new URL(url, doc.baseURI).href;
      // The frame's origin is opaque, so it can only be addressed as "*"; the recipient is this frame's own window.
      frame.contentWindow?.postMessage({ type: 'project-widget:init', widgetUrl, projectId, token }, '*');
    } else if (message.type === 'project-widget:mounted') {
      settle(true);
    } else if (message.type === 'project-widget:failed') {
      console.warn('project widget unavailable', message.reason);
      settle(false);
    } else if (message.type === 'project-widget:height' && typeof message.height === 'number' && Number.isFinite(message.height)) {
      frame.style.height = `${Math.max(0, Math.min(Math.ceil(message.height), WIDGET_MAX_HEIGHT_PX))}px`;
    }
  };
  let stopped = false;
  function stop() {
    if (stopped) return;
    stopped = true;
    win.removeEventListener('message', onMessage);
    frame.remove();
  }

  win.addEventListener('message', onMessage);
  frame.src = options.frameUrl ?? WIDGET_FRAME_URL;
  container.replaceChildren(frame);
  return {
    ready,
    destroy() {
      settle(false);
      stop();
    },
  };
}
