/**
 * The external project widget (SPEC §2, §7: "Loading an external widget script with the project id and the stored
 * access token"). The script is added once per URL; it must define `window.ProjectWidget.init({element, projectId,
 * token})`. Whatever the widget does — missing URL, 404, a script that throws — the page keeps working.
 */
export interface ProjectWidgetApi {
  init(options: { element: HTMLElement; projectId: number; token: string }): void;
  destroy?(element: HTMLElement): void;
}

declare global {
  interface Window {
    ProjectWidget?: ProjectWidgetApi;
  }
}

export const WIDGET_LOAD_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<ProjectWidgetApi>>();

export function loadWidgetScript(url: string, projectId: number, doc: Document = document): Promise<ProjectWidgetApi> {
  const cached = loading.get(url);
  if (cached) return cached;
  const promise = new Promise<ProjectWidgetApi>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.projectWidget = '';
    script.dataset.projectId = String(projectId);
    const timer = setTimeout(() => fail(new Error('Виджет проекта не загрузился вовремя')), WIDGET_LOAD_TIMEOUT_MS);
    function fail(error: Error) {
      clearTimeout(timer);
      script.remove();
      loading.delete(url);
      reject(error);
    }
    script.onload = () => {
      clearTimeout(timer);
      const widget = doc.defaultView?.ProjectWidget;
      if (widget && typeof widget.init === 'function') resolve(widget);
      else fail(new Error('Скрипт виджета не предоставил ProjectWidget.init'));
    };
    script.onerror = () => fail(new Error('Не удалось загрузить скрипт виджета'));
    doc.body.appendChild(script);
  });
  loading.set(url, promise);
  return promise;
}

/** Loads the widget and mounts it for one project; resolves false (never throws) when anything goes wrong. */
export async function mountProjectWidget(options: { url: string | null | undefined; element: HTMLElement; projectId: number; token: string | null }): Promise<boolean> {
  const { url, element, projectId, token } = options;
  if (!url || !token) return false;
  try {
    const widget = await loadWidgetScript(url, projectId, element.ownerDocument);
    if (!element.isConnected) return false;
    widget.init({ element, projectId, token });
    return true;
  } catch (error) {
    console.warn('project widget unavailable', error);
    return false;
  }
}

export function unmountProjectWidget(element: HTMLElement): void {
  try {
    element.ownerDocument.defaultView?.ProjectWidget?.destroy?.(element);
  } catch (error) {
    console.warn('project widget failed to unmount', error);
  }
  element.replaceChildren();
}

/** For tests: forget loaded scripts. */
export function resetWidgetLoader(): void {
  loading.clear();
}
