// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_RECOVERY } from './boot-preload.mjs';
import { RELOAD_KEY } from '../src/lib/pwa/chunk-reload.ts';

/** boot-frame.js: the app's entry script failing to load must not leave the page on its frame for good. */
describe('boot-frame.js: the app’s entry script failing to load', () => {
  beforeEach(() => sessionStorage.clear());

  /** A page with the recovery running; `fail` makes a script element report that it could not be loaded. */
  const page = ({ onLine = true } = {}) => {
    const doc = document.implementation.createHTMLDocument('Личный кабинет');
    const reload = vi.fn();
    new Function('document', 'location', 'navigator', ENTRY_RECOVERY)(doc, { reload }, { onLine });
    const fail = (type = 'module') => {
      const script = doc.createElement('script');
      script.type = type;
      doc.head.append(script);
      script.dispatchEvent(new Event('error'));
    };
    return { reload, fail };
  };

  it('reloads the page once; a second failure within a minute is not looped on', () => {
    const first = page();
    first.fail();
    expect(first.reload).toHaveBeenCalledTimes(1);
    const reloaded = page();
    reloaded.fail();
    expect(reloaded.reload).not.toHaveBeenCalled();
  });

  it('does nothing offline (a reload could fetch nothing) or for a script that is not the app’s module', () => {
    const offline = page({ onLine: false });
    offline.fail();
    expect(offline.reload).not.toHaveBeenCalled();
    const classic = page();
    classic.fail('text/javascript');
    expect(classic.reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOAD_KEY)).toBeNull();
  });
});
