// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWidgetScript, mountProjectWidget, resetWidgetLoader, unmountProjectWidget } from './widget-loader';

const URL = '/widget/project-widget.js';
const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-project-widget]')];

/** jsdom does not run external scripts: the test plays the browser's part (load or error) and the widget's. */
function finishLoading(outcome: 'load' | 'error', widget?: unknown) {
  if (widget !== undefined) (window as unknown as { ProjectWidget: unknown }).ProjectWidget = widget;
  const script = scripts().at(-1)!;
  script.dispatchEvent(new Event(outcome));
}

describe('external project widget (SPEC §2: injected with the project id and the stored token, never breaking the page)', () => {
  let element: HTMLDivElement;
  beforeEach(() => {
    resetWidgetLoader();
    document.body.innerHTML = '';
    delete (window as { ProjectWidget?: unknown }).ProjectWidget;
    element = document.createElement('div');
    document.body.appendChild(element);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('injects the script once with the project id and calls init with the element, id and token', async () => {
    const init = vi.fn();
    const mounted = mountProjectWidget({ url: URL, element, projectId: 7, token: 'секрет' });
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.getAttribute('src')).toBe(URL);
    expect(scripts()[0]!.dataset.projectId).toBe('7');
    finishLoading('load', { init });
    await expect(mounted).resolves.toBe(true);
    expect(init).toHaveBeenCalledWith({ element, projectId: 7, token: 'секрет' });

    // A second project reuses the loaded script.
    await expect(mountProjectWidget({ url: URL, element, projectId: 8, token: 'секрет' })).resolves.toBe(true);
    expect(scripts()).toHaveLength(1);
    expect(init).toHaveBeenLastCalledWith({ element, projectId: 8, token: 'секрет' });
  });

  it.each([
    { name: 'no widget URL', url: '', token: 't' },
    { name: 'no stored token', url: URL, token: null },
  ])('does nothing with $name', async ({ url, token }) => {
    await expect(mountProjectWidget({ url, element, projectId: 1, token })).resolves.toBe(false);
    expect(scripts()).toHaveLength(0);
  });

  it.each([
    { name: 'the script fails to load', outcome: 'error' as const, widget: undefined },
    { name: 'the script defines no ProjectWidget', outcome: 'load' as const, widget: undefined },
    { name: 'init is not a function', outcome: 'load' as const, widget: { init: 'нет' } },
    {
      name: 'init throws',
      outcome: 'load' as const,
      widget: {
        init() {
          throw new Error('сбой виджета');
        },
      },
    },
  ])('resolves false and keeps going when $name', async ({ outcome, widget }) => {
    const mounted = mountProjectWidget({ url: URL, element, projectId: 3, token: 't' });
    finishLoading(outcome, widget);
    await expect(mounted).resolves.toBe(false);
  });

  it('removes a failed script so that a later page can try again', async () => {
    const first = loadWidgetScript(URL, 1);
    finishLoading('error');
    await expect(first).rejects.toThrow('Не удалось загрузить скрипт виджета');
    expect(scripts()).toHaveLength(0);
    const second = loadWidgetScript(URL, 1);
    expect(scripts()).toHaveLength(1);
    finishLoading('load', { init: () => undefined });
    await expect(second).resolves.toBeTruthy();
  });

  it('gives up after the load time-out', async () => {
    vi.useFakeTimers();
    const mounted = mountProjectWidget({ url: URL, element, projectId: 1, token: 't' });
    await vi.advanceTimersByTimeAsync(15_001);
    await expect(mounted).resolves.toBe(false);
    expect(scripts()).toHaveLength(0);
    vi.useRealTimers();
  });

  it('unmounting clears the container and tolerates a failing destroy', () => {
    (window as unknown as { ProjectWidget: unknown }).ProjectWidget = {
      init: () => undefined,
      destroy: () => {
        throw new Error('нет');
      },
    };
    element.appendChild(document.createElement('span'));
    unmountProjectWidget(element);
    expect(element.childElementCount).toBe(0);
  });
});
