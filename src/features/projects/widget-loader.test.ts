// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIDGET_FRAME_URL, WIDGET_MAX_HEIGHT_PX, mountProjectWidget } from './widget-loader';

/** jsdom runs no frame scripts: the test plays public/widget/frame.js's part of the postMessage exchange. */
function fromFrame(frame: HTMLIFrameElement, data: unknown, source: Window | null = frame.contentWindow) {
  window.dispatchEvent(new MessageEvent('message', { data, source }));
}

describe('external project widget (SPEC §2: the project id and the stored token, in a sandboxed frame, never breaking the page)', () => {
  let container: HTMLDivElement;
  beforeEach(() => {
    document.body.innerHTML = '';
    container = document.createElement('div');
    document.body.appendChild(container);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  const frameOf = () => container.querySelector('iframe')!;

  it('opens the widget in a frame sandboxed to scripts only (an opaque origin: no storage, cookies or DOM of the app)', () => {
    mountProjectWidget({ url: '/widget/project-widget.js', container, projectId: 7, token: 'секрет' });
    const frame = frameOf();
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe(WIDGET_FRAME_URL);
    expect(frame.title).toBe('Сводка по проекту');
  });

  it('gives the frame the script URL, the project id and the token once it is ready, and only to that frame', async () => {
    const widget = mountProjectWidget({ url: '/widget/project-widget.js', container, projectId: 7, token: 'секрет' });
    const frame = frameOf();
    const post = vi.spyOn(frame.contentWindow!, 'postMessage');
    // Another window saying "ready" gets nothing.
    fromFrame(frame, { type: 'project-widget:ready' }, window);
    expect(post).not.toHaveBeenCalled();
    fromFrame(frame, { type: 'project-widget:ready' });
    expect(post).toHaveBeenCalledWith(
      { type: 'project-widget:init', widgetUrl: new URL('/widget/project-widget.js', document.baseURI).href, projectId: 7, token: 'секрет' },
      '*',
    );
    fromFrame(frame, { type: 'project-widget:height', height: 80.4 });
    expect(frame.style.height).toBe('81px');
    fromFrame(frame, { type: 'project-widget:height', height: 1e9 });
    expect(frame.style.height).toBe(`${WIDGET_MAX_HEIGHT_PX}px`);
    fromFrame(frame, { type: 'project-widget:mounted' });
    await expect(widget.ready).resolves.toBe(true);
  });

  it('removes the frame when the widget fails, stays silent or is left', async () => {
    const failed = mountProjectWidget({ url: '/w.js', container, projectId: 1, token: 't' });
    fromFrame(frameOf(), { type: 'project-widget:failed', reason: 'Не удалось загрузить скрипт виджета' });
    await expect(failed.ready).resolves.toBe(false);
    expect(container.querySelector('iframe')).toBeNull();

    vi.useFakeTimers();
    const silent = mountProjectWidget({ url: '/w.js', container, projectId: 1, token: 't', timeoutMs: 1_000 });
    vi.advanceTimersByTime(1_000);
    await expect(silent.ready).resolves.toBe(false);
    expect(container.querySelector('iframe')).toBeNull();
    vi.useRealTimers();

    const left = mountProjectWidget({ url: '/w.js', container, projectId: 1, token: 't' });
    left.destroy();
    await expect(left.ready).resolves.toBe(false);
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('does nothing without a widget URL or a token', async () => {
    await expect(mountProjectWidget({ url: '', container, projectId: 1, token: 't' }).ready).resolves.toBe(false);
    await expect(mountProjectWidget({ url: '/w.js', container, projectId: 1, token: null }).ready).resolves.toBe(false);
    expect(container.children).toHaveLength(0);
  });
});
